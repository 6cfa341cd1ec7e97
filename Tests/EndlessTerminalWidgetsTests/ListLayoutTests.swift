import EndlessTerminal
import EndlessTerminalWidgets
import Testing

/// A list of rows of different heights drawn by its caller: laid out, the rows drawn in the
/// caller's own loop (no closure per row), then finished with the highlight and scrollbar,
/// gives the frame, the rows and the position that `draw(…row:)` gives.
@Suite("List layout drawn by its caller")
struct ListLayoutTests {
    static func height(_ index: Int) -> Int { 1 + index % 3 }

    static func drawRow(_ index: Int, _ rect: Rect, into frame: inout ScreenBuffer) {
        frame.write("item \(index)", at: Point(x: rect.x + 1, y: rect.y + rect.height - 1))
    }

    @Test("laid out and finished, or drawn with a closure: the same frame, rows and position", arguments: [0, 5, 17, 39])
    func sameAsDraw(selection: Int) {
        let list = ListView(itemCount: 40, highlight: .reverse)
        let area = Rect(x: 2, y: 1, width: 20, height: 12)
        var drawnState = ListState(selection: selection)
        var drawnFrame = ScreenBuffer(size: Size(width: 24, height: 14))
        let drawn = list.draw(into: &drawnFrame, in: area, state: &drawnState, rowHeight: Self.height) { index, rect, _, frame in
            Self.drawRow(index, rect, into: &frame)
        }

        var state = ListState(selection: selection)
        var frame = ScreenBuffer(size: Size(width: 24, height: 14))
        let rows = list.layOut(in: area, state: &state, rowHeight: Self.height)
        for (index, rect) in rows { Self.drawRow(index, rect, into: &frame) }
        list.finish(rows, in: area, state: state, into: &frame)

        #expect(rows.map(\.index) == drawn.map(\.index))
        #expect(rows.map(\.rect) == drawn.map(\.rect))
        #expect(state == drawnState)
        #expect(frame == drawnFrame)
        #expect(rows.contains { $0.index == selection }, "the selection is laid out on screen")
        #expect(rows.map(\.rect.height) == rows.map { Self.height($0.index) })
    }
}
