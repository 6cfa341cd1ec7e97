import EndlessTerminal
import EndlessTerminalWidgets
import Testing

/// A segment's shorter words (``StatusBar/Segment/shorter``): said only when the bar, down to
/// its most important segments, is still too narrow for the whole.
@Suite("Status bar: shorter words")
struct StatusBarShorterWordsTests {
    static let failure = StatusBar.Segment(
        "cannot open the page: xdg-open is not installed; set BROWSER to your web browser",
        shorter: "xdg-open is not installed; set BROWSER to your web browser", priority: 100)
    static let bar = StatusBar(
        left: [StatusBar.Segment("? help", priority: 90), StatusBar.Segment("q quit", priority: 85)],
        right: [failure, StatusBar.Segment("3 in flight", priority: 30)])

    /// The bar drawn `width` columns wide, as text, trailing spaces removed.
    func drawn(_ bar: StatusBar, width: Int) -> String {
        var frame = ScreenBuffer(size: Size(width: width, height: 1))
        bar.draw(into: &frame, in: frame.bounds)
        var line = frame.lines[0]
        while line.last == " " { line.removeLast() }
        return line
    }

    /// A bar's line as drawn: `left` after a space, `right` ending a space before the edge.
    func line(_ left: String, _ right: String, width: Int) -> String {
        " " + left + String(repeating: " ", count: width - 2 - left.count - right.count) + right
    }

    @Test("with room, the whole is said; the segments of lower priority go first")
    func wholeWhereItFits() {
        let whole = "cannot open the page: xdg-open is not installed; set BROWSER to your web browser"
        #expect(drawn(Self.bar, width: 120) == line("? help · q quit", whole + " · 3 in flight", width: 120))
        // Too narrow for every segment, wide enough for the whole failure beside the help.
        #expect(drawn(Self.bar, width: 90) == line("? help", whole, width: 90))
    }

    @Test("at 80 columns the cause is said whole, where the whole lost its end")
    func shorterWordsAtEighty() {
        #expect(drawn(Self.bar, width: 80) == line("? help", "xdg-open is not installed; set BROWSER to your web browser", width: 80))
        let fitted = Self.bar.fitted(in: 78)
        #expect(fitted.left.map(\.priority) == [90])
        #expect(fitted.right.count == 1)
        #expect(fitted.right.first?.runs.map(\.text).joined() == "xdg-open is not installed; set BROWSER to your web browser")
        // Without shorter words the same bar cuts the whole.
        var plain = Self.failure
        plain.shorter = nil
        let cut = StatusBar(left: Self.bar.leftSegments, right: [plain, StatusBar.Segment("3 in flight", priority: 30)])
        #expect(drawn(cut, width: 80) == " ? help cannot open the page: xdg-open is not installed; set BROWSER to your w…")
    }

    @Test("too narrow even for the shorter words, they are cut as anything else")
    func shorterWordsCut() {
        #expect(drawn(Self.bar, width: 40) == " ? help xdg-open is not installed; set…")
    }

    @Test("a bar with room for everything never says the shorter words")
    func neverWithRoom() {
        let fitted = Self.bar.fitted(in: 200)
        #expect(fitted.right.first?.runs.map(\.text).joined().hasPrefix("cannot open the page") == true)
        #expect(fitted.right.first?.shorter != nil, "kept for a narrower bar")
    }
}
