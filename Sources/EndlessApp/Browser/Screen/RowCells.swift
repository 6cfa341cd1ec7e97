import EndlessTerminal

/// The cells (and pixel graphics) one row of the list drew, cut out of the frame, so a later
/// frame puts the row back by copying them instead of drawing it again (see ``RowMemo``).
struct RowCells {
    /// The row's cells, from its rectangle's top left.
    let cells: CellImage
    /// The graphics the row placed, relative to its rectangle's top left.
    let graphics: [(graphic: TerminalGraphic, rect: Rect)]

    /// Cuts `rect` out of `frame`, with the graphics placed since the frame had
    /// `graphicsBefore` of them. `rect` must lie inside the frame.
    init(_ rect: Rect, of frame: ScreenBuffer, graphicsBefore: Int) {
        var cells: [Cell] = []
        cells.reserveCapacity(rect.size.area)
        let width = frame.size.width
        for y in rect.y..<rect.maxY {
            let start = y * width + rect.x
            cells.append(contentsOf: frame.cells[start..<(start + rect.width)])
        }
        self.cells = CellImage(size: rect.size, cells: cells)
        graphics = frame.graphics.dropFirst(graphicsBefore).map {
            ($0.graphic, Rect(x: $0.rect.x - rect.x, y: $0.rect.y - rect.y, width: $0.rect.width, height: $0.rect.height))
        }
    }

    /// Puts the row back into `frame` at `rect`'s top left.
    func draw(into frame: inout ScreenBuffer, at rect: Rect) {
        frame.draw(cells, at: Point(x: rect.x, y: rect.y))
        for placement in graphics {
            frame.place(
                placement.graphic,
                in: Rect(x: placement.rect.x + rect.x, y: placement.rect.y + rect.y, width: placement.rect.width, height: placement.rect.height))
        }
    }
}
