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
}
