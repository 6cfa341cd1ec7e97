import EndlessTerminal
import Testing

@testable import EndlessApp

/// A kept row's cells, cut a line at a time and copied back into a later frame: the frame is
/// the one a `set` per cell of the row's ink made, and never holds half a wide character.
@Suite("Row cells")
struct RowCellsTests {
    static let row = Rect(x: 2, y: 1, width: 10, height: 3)

    /// A frame with the row drawn: wide characters first and last on its first line (the
    /// last one past the row's edge), text with a gap on the second, nothing on the third.
    static func drawn() -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: 16, height: 5))
        frame.write("山ab", at: Point(x: row.x, y: row.y), style: Style(foreground: .indexed(2)))
        frame.write("田", at: Point(x: row.maxX - 1, y: row.y))
        frame.write("c", at: Point(x: row.x + 3, y: row.y + 1))
        frame.write("d", at: Point(x: row.x + 7, y: row.y + 1), style: Style(foreground: .indexed(4)))
        return frame
    }

    /// The row put back as before: a `set` per cell that is neither blank nor a right half.
    static func setPerCell(_ row: Rect, of source: ScreenBuffer, into frame: ScreenBuffer, at target: Rect) -> ScreenBuffer {
        var frame = frame
        for y in row.y..<row.maxY {
            for x in row.x..<row.maxX where source[x, y].width > 0 && source[x, y] != .blank {
                frame.set(source[x, y], at: Point(x: target.x + x - row.x, y: target.y + y - row.y))
            }
        }
        return frame
    }

    /// Every wide character whole.
    static func wholeCharacters(_ frame: ScreenBuffer) -> Bool {
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                if frame[x, y].width == 2, !frame[x + 1, y].isContinuation { return false }
                if frame[x, y].isContinuation, x == 0 || frame[x - 1, y].width != 2 { return false }
            }
        }
        return true
    }

    @Test("a row is kept as one run a line, from its first cell drawn to its last, a wide last one whole")
    func lines() {
        let cells = RowCells(Self.row, of: Self.drawn(), graphicsBefore: 0)
        #expect(cells.lines.map(\.y) == [0, 1])
        #expect(cells.lines.map(\.x) == [0, 3])
        // 山 a b, six blanks, 田 and its right half past the row.
        #expect(cells.lines.first?.run.width == 11)
        #expect(cells.lines.last?.run.cells.map(\.grapheme).joined() == "c   d")
    }

    @Test("put back over wide characters under the row's edges, the frame is whole and the one a set per cell made")
    func putBack() {
        let source = Self.drawn()
        let cells = RowCells(Self.row, of: source, graphicsBefore: 0)
        for dx in [0, 1, 3] {
            let target = Rect(x: Self.row.x + dx, y: 0, width: Self.row.width, height: Self.row.height)
            var frame = ScreenBuffer(size: Size(width: 16, height: 5))
            // Wide characters across the row's left edge and across the end of each line's run.
            frame.write("😀", at: Point(x: target.x - 1, y: target.y), style: Style(foreground: .indexed(5)))
            frame.write("😀", at: Point(x: target.maxX, y: target.y))
            frame.write("山", at: Point(x: target.x + 2, y: target.y + 1))
            frame.write("田", at: Point(x: target.x + 7, y: target.y + 1))
            let expected = Self.setPerCell(Self.row, of: source, into: frame, at: target)
            cells.draw(into: &frame, at: target)
            #expect(Self.wholeCharacters(frame), "\(dx): \(frame.lines)")
            #expect(frame == expected, "\(dx): \(frame.lines) against \(expected.lines)")
        }
    }
}
