/// A pixel image ready for the terminal as one escape string (sixel or kitty graphics).
///
/// The renderer treats it as opaque: it writes the string once, at the top-left cell of its
/// placement, and again only when the image or the rectangle changes. When a placement goes
/// away, the cells under it are repainted (and a kitty image is deleted).
public struct TerminalGraphic: Hashable, Sendable {
    /// The graphics protocol of the escape string.
    public enum Kind: Hashable, Sendable {
        /// DEC sixel graphics (`ESC P … q … ESC \`).
        case sixel
        /// The kitty graphics protocol (`ESC _ G … ESC \`).
        case kitty
    }

    /// The protocol.
    public let kind: Kind
    /// The bytes to write, cursor at the top-left cell.
    public let escape: [UInt8]
    /// The cells the image covers.
    public let size: Size
    /// A hash of the escape string, so that comparing frames does not compare megabytes.
    public let id: UInt64

    /// Wraps an escape string produced elsewhere.
    ///
    /// - Parameters:
    ///   - kind: its protocol.
    ///   - escape: the complete escape string.
    ///   - size: the cells the image covers.
    public init(kind: Kind, escape: [UInt8], size: Size) {
        self.kind = kind
        self.escape = escape
        self.size = size
        // FNV-1a: fast, and collisions between two images of one screen are not a concern.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in escape {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        id = hash
    }

    public static func == (lhs: TerminalGraphic, rhs: TerminalGraphic) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.size == rhs.size && lhs.escape.count == rhs.escape.count
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(size)
    }
}

/// A graphic placed over a rectangle of cells.
public struct GraphicPlacement: Hashable, Sendable {
    /// The image.
    public let graphic: TerminalGraphic
    /// The cells it covers, clipped to the buffer.
    public let rect: Rect
}

/// An image made of cells: each cell a block, half-block or braille symbol with a foreground
/// and a background color. It diffs and scrolls like text.
public struct CellImage: Hashable, Sendable {
    /// Columns and rows.
    public let size: Size
    /// The cells, row by row.
    public let cells: [Cell]

    /// Creates an image from cells; missing cells are blanks, extra cells are ignored.
    ///
    /// - Parameters:
    ///   - size: columns and rows.
    ///   - cells: the cells, row by row.
    public init(size: Size, cells: [Cell]) {
        self.size = size
        var all = Array(cells.prefix(size.area))
        if all.count < size.area { all += Array(repeating: .blank, count: size.area - all.count) }
        self.cells = all
    }
}

extension ScreenBuffer {
    /// Draws a symbol image with its top-left cell at `point`, clipped to the buffer.
    ///
    /// - Parameters:
    ///   - image: the cells of the image.
    ///   - point: where its top-left cell goes.
    public mutating func draw(_ image: CellImage, at point: Point) {
        for row in 0..<image.size.height {
            let y = point.y + row
            guard y >= 0, y < size.height else { continue }
            for column in 0..<image.size.width {
                let cell = image.cells[row * image.size.width + column]
                let x = point.x + column
                guard cell.width > 0, x >= 0, x + Int(cell.width) <= size.width else { continue }
                put(cell, x: x, y: y)
            }
        }
    }

    /// Places a pixel graphic over a rectangle: the cells under it are blanked, graphics it
    /// overlaps are removed, and the renderer draws it after the text.
    ///
    /// - Parameters:
    ///   - graphic: the sixel or kitty image.
    ///   - rect: the cells it covers; clipped to the buffer, nothing happens if that is empty.
    public mutating func place(_ graphic: TerminalGraphic, in rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        fill(area)
        graphics.removeAll { !$0.rect.intersection(area).isEmpty }
        graphics.append(GraphicPlacement(graphic: graphic, rect: area))
    }
}
