/// A frame: a grid of cells the app draws into and the renderer diffs against the last one.
///
/// Drawing clips to the buffer, keeps wide characters whole (a wide character that does not
/// fit in the last column becomes a space; overwriting half of one blanks the other half) and
/// never stores a control character, so nothing drawn can smuggle an escape sequence to the
/// terminal. Images come in two kinds: symbol images are ordinary cells (``draw(_:at:)``);
/// sixel and kitty graphics are opaque placements over a rectangle (``place(_:in:)``).
public struct ScreenBuffer: Hashable, Sendable {
    /// The size in columns and rows.
    public let size: Size
    /// The cells, row by row.
    public internal(set) var cells: [Cell]
    /// Pixel graphics over cell rectangles, drawn after the text, in order. Drawing a cell
    /// inside one (an overlay over a picture) removes that graphic: a terminal cannot show
    /// text through a sixel, and a frame says exactly what is on screen.
    public internal(set) var graphics: [GraphicPlacement] = [] {
        didSet { graphicsBounds = graphics.reduce(Rect(x: 0, y: 0, width: 0, height: 0)) { $0.isEmpty ? $1.rect : $0.union($1.rect) } }
    }
    /// The targets of the frame's hyperlinks (OSC 8), which cells name by ``Cell/linkID``: at
    /// most ``maximumLinks``, each a ``Hyperlink/target(_:)``.
    public internal(set) var links: [String] = []
    /// The most hyperlinks in one frame (a cell has 4 bits for its link); text linked past
    /// them is drawn as plain text.
    public static let maximumLinks = 15
    /// Whether something drawn changes with time alone (a spinner's frame, a countdown), so
    /// the frame must be drawn again while it shows; set by what draws it (`Spinner` does),
    /// false in a new or cleared buffer. A loop that redraws on a timer asks this rather than
    /// whether anything is loading: a load's spinner may be scrolled out of sight.
    public var showsAnimation = false
    /// The smallest rectangle holding every graphic, so drawing elsewhere costs one test.
    private(set) var graphicsBounds = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Creates a buffer filled with `fill`.
    ///
    /// - Parameters:
    ///   - size: columns and rows.
    ///   - fill: the cell every position starts with; a wide cell is replaced by a blank.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        let cell = fill.width == 1 ? fill : .blank
        cells = Array(repeating: cell, count: size.area)
    }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(size: size) }

    /// The cell at a position; outside the buffer, a blank.
    ///
    /// - Parameters:
    ///   - x: the column.
    ///   - y: the row.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Puts one cell at a position, keeping wide characters consistent. Out of bounds, or a
    /// wide cell in the last column, draws nothing.
    ///
    /// - Parameters:
    ///   - cell: the cell; a continuation cell is ignored.
    ///   - point: where.
    public mutating func set(_ cell: Cell, at point: Point) {
        guard cell.width > 0, point.y >= 0, point.y < size.height, point.x >= 0,
            point.x + Int(cell.width) <= size.width
        else { return }
        put(cell, x: point.x, y: point.y)
    }

    /// Fills a rectangle (clipped to the buffer) with one character.
    ///
    /// - Parameters:
    ///   - rect: the area.
    ///   - character: a narrow character, a space by default.
    ///   - style: the style of every cell.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        var cell = Cell(character, style: style)
        if cell.width != 1 { cell = .blank(style) }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { put(cell, x: x, y: y) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the text: how a selection
    /// highlight is laid over a row that is already drawn.
    ///
    /// - Parameters:
    ///   - rect: the area, clipped to the buffer.
    ///   - transform: edits each cell's style.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let row = y * size.width
            for x in area.x..<area.maxX where !cells[row + x].isContinuation { transform(&cells[row + x].style) }
            // A wide character has one style: its right half follows its left half.
            for x in max(1, area.x)...min(size.width - 1, area.maxX) where cells[row + x].isContinuation {
                cells[row + x].style = cells[row + x - 1].style
            }
        }
    }

    /// Clears the whole buffer to blanks and removes every graphic.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
        graphics.removeAll()
        showsAnimation = false
    }

    /// The rows as plain text, wide characters once, trailing spaces kept.
    public var lines: [String] {
        (0..<size.height).map { y in
            // A continuation has no bytes; only clusters too long to pack are strings.
            var line: [UInt8] = []
            line.reserveCapacity(size.width)
            for x in 0..<size.width {
                let cell = cells[y * size.width + x]
                if !cell.key.appendBytes(to: &line) { line.append(contentsOf: cell.grapheme.utf8) }
            }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// This frame cropped or padded to `newSize`, anchored at the top-left: how a frame
    /// built before a resize is shown after it.
    func resized(to newSize: Size) -> ScreenBuffer {
        guard newSize != size else { return self }
        var result = ScreenBuffer(size: newSize)
        for y in 0..<min(size.height, newSize.height) {
            for x in 0..<min(size.width, newSize.width) {
                let cell = cells[y * size.width + x]
                if !cell.isContinuation { result.set(cell, at: Point(x: x, y: y)) }
            }
        }
        for placement in graphics {
            let area = placement.rect.intersection(result.bounds)
            if area == placement.rect { result.graphics.append(placement) }
        }
        return result
    }

    /// Writes `cell` at an in-bounds position where it fits, repairing wide characters it
    /// cuts in half.
    mutating func put(_ cell: Cell, x: Int, y: Int) {
        if !graphics.isEmpty, graphicsBounds.contains(Point(x: x, y: y)) {
            removeGraphics(covering: Rect(x: x, y: y, width: Int(max(1, cell.width)), height: 1))
        }
        let index = y * size.width + x
        breakWideCharacter(at: index, x: x)
        if cell.width == 2 {
            breakWideCharacter(at: index + 1, x: x + 1)
            cells[index] = cell
            cells[index + 1] = .continuation(cell.style)
        } else {
            cells[index] = cell
        }
    }

    /// Writes a narrow cell of packed cluster `key` at an in-bounds position, as ``put(_:x:y:)``
    /// does, without making a cell first.
    mutating func putNarrow(_ key: GraphemeKey, packedStyle: UInt64, x: Int, y: Int) {
        if !graphics.isEmpty, graphicsBounds.contains(Point(x: x, y: y)) {
            removeGraphics(covering: Rect(x: x, y: y, width: 1, height: 1))
        }
        let index = y * size.width + x
        breakWideCharacter(at: index, x: x)
        cells[index] = Cell(key: key, packedStyle: packedStyle)
    }

    /// Removes the graphics that overlap `rect`.
    mutating func removeGraphics(covering rect: Rect) {
        if graphics.contains(where: { !$0.rect.intersection(rect).isEmpty }) {
            graphics.removeAll { !$0.rect.intersection(rect).isEmpty }
        }
    }

    /// If the cell at `index` is half of a wide character, turns the other half into a space.
    private mutating func breakWideCharacter(at index: Int, x: Int) {
        let current = cells[index]
        if current.width == 0, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if current.width == 2, x + 1 < size.width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }
}
