/// Runs of cells cut out of a frame and copied back into another: how a kept part of a frame
/// (a list row drawn in an earlier frame) is put back a line at a time, its bounds checked
/// once per line, instead of a ``set(_:at:)`` per cell with its wide-character repair.
extension ScreenBuffer {
    /// The cells of line `y` over `columns`, widened by a column at either end that would cut
    /// a wide character in half, so the run holds whole characters; clipped to the buffer.
    ///
    /// - Parameters:
    ///   - y: the line.
    ///   - columns: the columns wanted.
    /// - Returns: the run; empty outside the buffer.
    public func run(inLine y: Int, columns: Range<Int>) -> CellRun {
        guard y >= 0, y < size.height else { return CellRun(cells: []) }
        var start = max(0, columns.lowerBound)
        var end = min(size.width, columns.upperBound)
        guard start < end else { return CellRun(cells: []) }
        let line = y * size.width
        if cells[line + start].isContinuation, start > 0 { start -= 1 }
        if cells[line + end - 1].width == 2, end < size.width { end += 1 }
        return CellRun(cells: Array(cells[(line + start)..<(line + end)]))
    }

    /// The columns of line `y` within `columns` from the first cell that is not a plain
    /// blank (a space in the default style, as a frame starts) to the last, or nil when there
    /// is none: the part of a line something drew. The right half of a wide character does
    /// not count (it comes with its character, see ``run(inLine:columns:)``).
    ///
    /// - Parameters:
    ///   - y: the line.
    ///   - columns: the columns looked at; clipped to the buffer.
    /// - Returns: the columns drawn, or nil.
    public func inkedColumns(inLine y: Int, columns: Range<Int>) -> Range<Int>? {
        guard y >= 0, y < size.height else { return nil }
        let start = max(0, columns.lowerBound)
        let end = min(size.width, columns.upperBound)
        guard start < end else { return nil }
        let blankStyle = Cell.blank.packedStyle
        return cells.withUnsafeBufferPointer { cells in
            let line = y * size.width
            // Compared by their packed parts: a cell copied out for each look cost a retain and
            // a release, and `==` a look at the long grapheme (issue 29).
            func isInk(_ x: Int) -> Bool {
                let cell = cells[line + x]
                return cell.key.bits != 0 && (cell.key != GraphemeKey.space || cell.packedStyle != blankStyle)
            }
            guard let first = (start..<end).first(where: isInk), let last = (start..<end).last(where: isInk) else { return nil }
            return first..<(last + 1)
        }
    }

    /// Copies `run` into the line at `point`, its first cell at `point`'s column. Cells under
    /// the run are replaced (blank ones too), a wide character the run's edges cut in half
    /// loses its other half, and graphics the run covers are removed, as ``set(_:at:)`` does
    /// cell by cell. A run that does not fit the line is clipped to it.
    ///
    /// - Parameters:
    ///   - run: the cells.
    ///   - point: where its first cell goes.
    public mutating func copy(_ run: CellRun, to point: Point) {
        let count = run.cells.count
        guard count > 0, point.y >= 0, point.y < size.height else { return }
        guard point.x >= 0, point.x + count <= size.width else {
            // Clipped: cell by cell, so a wide character across the edge is left out.
            for (offset, cell) in run.cells.enumerated() { set(cell, at: Point(x: point.x + offset, y: point.y)) }
            return
        }
        if !graphics.isEmpty { removeGraphics(covering: Rect(x: point.x, y: point.y, width: count, height: 1)) }
        let start = point.y * size.width + point.x
        let end = start + count
        // The run's own edges cut nothing (see `CellRun`); what they land on may be half of a
        // wide character, whose other half, outside the run, becomes a space.
        if point.x > 0, cells[start].isContinuation { cells[start - 1] = .blank(cells[start - 1].style) }
        if point.x + count < size.width, cells[end].isContinuation { cells[end] = .blank(cells[end].style) }
        // Cells are plain memory (see `Cell`): the run is copied as bytes.
        cells.withUnsafeMutableBufferPointer { target in
            run.cells.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                UnsafeMutableRawPointer(to + start).copyMemory(from: from, byteCount: count * MemoryLayout<Cell>.stride)
            }
        }
    }
}
