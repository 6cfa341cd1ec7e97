import EndlessTerminal
import EndlessTerminalTesting
import EndlessTerminalWidgets
import Foundation
import Testing

/// Braille sparklines and charts, rendered through the real renderer into the virtual screen
/// and compared with reviewed files in `__Snapshots__`.
@Suite("Braille charts")
struct ChartSnapshotTests {
    private func screen(_ size: Size, _ draw: (inout ScreenBuffer) -> Void) -> String {
        var frame = ScreenBuffer(size: size)
        draw(&frame)
        var terminal = InMemoryTerminal(size: size)
        terminal.render(frame)
        #expect(terminal.shows(frame))
        return terminal.screen.styledText()
    }

    /// A week of hourly prices: a dip, a rally, a slide.
    static let week: [Double] = (0..<168).map { hour in
        let t = Double(hour)
        let slow: Double = 1_500 * sin(t / 20)
        let fast: Double = 900 * sin(t / 7.5)
        return 95_000 + slow + fast - 6 * t
    }

    @Test("dots: each cell holds two across and four down, numbered as Unicode numbers them")
    func dots() {
        var canvas = BrailleCanvas(width: 2, height: 1)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 1, y: 3)
        canvas.set(x: 3, y: 1)
        canvas.set(x: 9, y: 9)  // outside: ignored
        #expect(canvas.lines == ["\u{2881}\u{2810}"])
        var line = BrailleCanvas(width: 2, height: 1)
        line.line(from: (0, 3), to: (3, 0))
        #expect(line.lines == ["⡠⠊"])
        #expect(BrailleCanvas(width: 3, height: 1).lines == ["   "], "no dots: spaces")
    }

    @Test("a sparkline spans its cells; a flat series runs through the middle; one point is a dot")
    func shapes() {
        let rising = Sparkline(values: [1, 2, 3, 4, 5, 6, 7, 8]).canvas(width: 4, height: 1).lines
        #expect(rising == ["⣀⠤⠒⠉"])
        #expect(Sparkline(values: [5, 5, 5]).canvas(width: 3, height: 1).lines == ["⠒⠒⠒"])
        #expect(Sparkline(values: [5]).canvas(width: 3, height: 1).lines == ["⠂  "])
        #expect(Sparkline(values: [8, 1]).canvas(width: 2, height: 2).lines == ["⢱ ", " ⢣"], "two rows: eight dots down")
        #expect(Sparkline(values: [.nan, 1, .infinity, 2]).canvas(width: 2, height: 1).lines == ["⡠⠊"], "non-finite points are skipped")
    }

    @Test("sparklines in a market board's rows: one and two rows high, coloured, clipped to their rect")
    func sparklines() {
        let text = screen(Size(width: 40, height: 6)) { frame in
            Sparkline(values: Self.week, style: Style(foreground: .green)).draw(into: &frame, in: Rect(x: 1, y: 0, width: 24, height: 1))
            Sparkline(values: Self.week.reversed(), style: Style(foreground: .red)).draw(into: &frame, in: Rect(x: 1, y: 2, width: 24, height: 2))
            Sparkline(values: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]).draw(into: &frame, in: Rect(x: 30, y: 4, width: 20, height: 2))
        }
        expectSnapshot(text, named: "sparklines")
    }

    @Test("a week's chart: high and low on the left, dates along the bottom")
    func chart() {
        let text = screen(Size(width: 60, height: 12)) { frame in
            LineChart(
                values: Self.week, highLabel: "96,811.12", lowLabel: "92,301.40", timeLabels: ["Jan 13", "Jan 16", "Jan 20"],
                lineStyle: Style(foreground: .green)
            ).draw(into: &frame, in: Rect(x: 1, y: 1, width: 56, height: 10))
        }
        expectSnapshot(text, named: "line-chart")
    }

    @Test("a chart too small for its labels draws nothing rather than garbage")
    func tooSmall() {
        var frame = ScreenBuffer(size: Size(width: 12, height: 3))
        LineChart(values: Self.week, highLabel: "96,811.12", lowLabel: "92,301.40").draw(into: &frame, in: frame.bounds)
        #expect(frame.lines.allSatisfy { $0.allSatisfy { $0 == " " } })
    }
}
