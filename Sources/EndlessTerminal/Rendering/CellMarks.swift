/// Per-cell instructions for one diff, beyond "write what changed": cells to write even if
/// unchanged (under a graphic that went away, in a row repainted for glyph overflow) and
/// cells never to write (under a graphic that stays, whose pixels a space would erase).
///
/// Allocated only when a frame needs it; covered beats forced.
struct CellMarks {
    static let forced: UInt8 = 1
    static let covered: UInt8 = 2
    static let repaint: UInt8 = 4

    let size: Size
    /// Per cell: ``forced`` or ``covered``.
    private(set) var cells: [UInt8]?
    /// Per row, the union of its cells' marks, and ``repaint`` for a whole row.
    private(set) var rows: [UInt8]?

    init(size: Size) {
        self.size = size
    }

    /// The marks of row `y`.
    func row(_ y: Int) -> UInt8 {
        rows?[y] ?? 0
    }

    /// The marks of the cell at `index` (row-major).
    func cell(_ index: Int) -> UInt8 {
        cells?[index] ?? 0
    }

    /// Writes the cells of `rect` (clipped to the screen) whatever they hold.
    mutating func force(_ rect: Rect) {
        mark(rect, Self.forced)
    }

    /// Never writes the cells of `rect` (clipped to the screen).
    mutating func cover(_ rect: Rect) {
        mark(rect, Self.covered)
    }

    /// Writes every cell of row `y` that is not covered.
    mutating func repaint(row y: Int) {
        if rows == nil { rows = [UInt8](repeating: 0, count: size.height) }
        rows?[y] |= Self.repaint
    }

    private mutating func mark(_ rect: Rect, _ mark: UInt8) {
        let area = rect.intersection(Rect(size: size))
        guard !area.isEmpty else { return }
        if cells == nil { cells = [UInt8](repeating: 0, count: size.area) }
        if rows == nil { rows = [UInt8](repeating: 0, count: size.height) }
        for y in area.y..<area.maxY {
            rows?[y] |= mark
            for x in area.x..<area.maxX { cells?[y * size.width + x] |= mark }
        }
    }
}
