/// Cells cut out of one line of a frame (``ScreenBuffer/run(inLine:columns:)``), holding whole
/// characters only: it neither starts with the right half of a wide character nor ends with
/// the left half of one. A frame copies it back in one move (``ScreenBuffer/copy(_:to:)``)
/// rather than cell by cell, since nothing inside it can cut a character in half.
///
/// Only a frame makes one, so its cells are as consistent as the frame's.
public struct CellRun: Hashable, Sendable {
    /// The cells, left to right.
    public let cells: [Cell]

    /// Columns the run covers.
    public var width: Int { cells.count }

    init(cells: [Cell]) {
        self.cells = cells
    }
}
