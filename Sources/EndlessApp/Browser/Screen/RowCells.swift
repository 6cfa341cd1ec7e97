import EndlessTerminal

/// The cells (and pixel graphics) one row of the list drew, cut out of the frame, so a later
/// frame puts the row back by copying them instead of drawing it again (see ``RowMemo``).
/// The frame it is put back into is blank where the row goes, as every frame starts.
struct RowCells {
    /// The row's cells that are not blank, from its rectangle's top left: a frame starts
    /// blank, so the blank ones need no copying (most of a row of text is blank).
    let ink: [(x: Int, y: Int, cell: Cell)]
    /// The graphics the row placed, relative to its rectangle's top left.
    let graphics: [(graphic: TerminalGraphic, rect: Rect)]

    /// Cuts `rect` out of `frame`, with the graphics placed since the frame had
    /// `graphicsBefore` of them. `rect` must lie inside the frame.
    init(_ rect: Rect, of frame: ScreenBuffer, graphicsBefore: Int) {
        var ink: [(x: Int, y: Int, cell: Cell)] = []
        let width = frame.size.width
        for y in rect.y..<rect.maxY {
            let start = y * width + rect.x
            for x in 0..<rect.width {
                let cell = frame.cells[start + x]
                // Continuation cells come back with their wide character.
                if cell.width > 0, cell != .blank { ink.append((x, y - rect.y, cell)) }
            }
        }
        self.ink = ink
        graphics = frame.graphics.dropFirst(graphicsBefore).map {
            ($0.graphic, Rect(x: $0.rect.x - rect.x, y: $0.rect.y - rect.y, width: $0.rect.width, height: $0.rect.height))
        }
    }

    /// Puts the row back into `frame` at `rect`'s top left, over blank cells (what is
    /// there already stays where the row was blank).
    func draw(into frame: inout ScreenBuffer, at rect: Rect) {
        for (x, y, cell) in ink { frame.set(cell, at: Point(x: rect.x + x, y: rect.y + y)) }
        for placement in graphics {
            frame.place(
                placement.graphic,
                in: Rect(x: placement.rect.x + rect.x, y: placement.rect.y + rect.y, width: placement.rect.width, height: placement.rect.height))
        }
    }
}
