import EndlessTerminal

/// The cells (and pixel graphics) one row of the list drew, cut out of the frame, so a later
/// frame puts the row back by copying them instead of drawing it again (see ``RowMemo``).
///
/// Each line is kept as one run of cells, from the first cell the row drew on it to the last
/// (a frame starts blank, so the blank ends need no copying), and put back in one move: a
/// held `j` copies every row on screen each frame, and a `set` per cell, with its
/// wide-character repair, was most of that (issue 29).
struct RowCells {
    /// The row's lines that are not blank: each line's offset down from the row's top, the
    /// column of its run's first cell from the row's left, and the run.
    let lines: [(y: Int, x: Int, run: CellRun)]
    /// The graphics the row placed, relative to its rectangle's top left.
    let graphics: [(graphic: TerminalGraphic, rect: Rect)]

    /// Cuts `rect` out of `frame`, with the graphics placed since the frame had
    /// `graphicsBefore` of them. `rect` must lie inside the frame.
    init(_ rect: Rect, of frame: ScreenBuffer, graphicsBefore: Int) {
        var lines: [(y: Int, x: Int, run: CellRun)] = []
        for y in rect.y..<rect.maxY {
            guard let inked = frame.inkedColumns(inLine: y, columns: rect.x..<rect.maxX) else { continue }
            // A wide character in the row's last column keeps its right half, past the row.
            let run = frame.run(inLine: y, columns: inked)
            lines.append((y - rect.y, inked.lowerBound - rect.x, run))
        }
        self.lines = lines
        graphics = frame.graphics.dropFirst(graphicsBefore).map {
            ($0.graphic, Rect(x: $0.rect.x - rect.x, y: $0.rect.y - rect.y, width: $0.rect.width, height: $0.rect.height))
        }
    }

    /// Puts the row back into `frame` at `rect`'s top left. The frame is blank where the row
    /// goes, as every frame starts: each line's run replaces the cells under it, and what is
    /// there already stays left and right of it.
    func draw(into frame: inout ScreenBuffer, at rect: Rect) {
        draw(into: &frame, at: rect, lines: Int.max)
    }

    /// Puts the row's first `count` lines back into `frame` at `rect`'s top left, with the
    /// graphics that lie within them: a row cut at the bottom of the list.
    func draw(into frame: inout ScreenBuffer, at rect: Rect, lines count: Int) {
        for line in lines where line.y < count { frame.copy(line.run, to: Point(x: rect.x + line.x, y: rect.y + line.y)) }
        for placement in graphics where placement.rect.maxY <= count {
            frame.place(
                placement.graphic,
                in: Rect(x: placement.rect.x + rect.x, y: placement.rect.y + rect.y, width: placement.rect.width, height: placement.rect.height))
        }
    }
}
