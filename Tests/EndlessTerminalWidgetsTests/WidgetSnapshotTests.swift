import EndlessTerminal
import EndlessTerminalTesting
import EndlessTerminalWidgets
import Testing

/// Widgets rendered through the real renderer into the virtual screen, compared with
/// reviewed text files in `__Snapshots__` (text, then a style map and its legend).
@Suite("Widget snapshots")
struct WidgetSnapshotTests {
    private func screen(_ size: Size, _ draw: (inout ScreenBuffer) -> Void) -> String {
        var frame = ScreenBuffer(size: size)
        draw(&frame)
        var terminal = InMemoryTerminal(size: size)
        terminal.render(frame)
        #expect(terminal.shows(frame))
        return terminal.screen.styledText()
    }

    static let people = [
        ("Mr Leo Bennink", "Almere, Netherlands · 34"), ("Ms Aada Lehtonen", "Pori, Finland · 52"),
        ("Mrs 山田 花子", "Tokyo, Japan · 41"), ("Mr Mathis Lefebvre", "Rennes, France · 29"),
        ("Miss Zoë Ørsted-Çağlar with a very long name indeed", "Aarhus, Denmark · 23"),
        ("Ms فاطمه رضایی", "Tehran, Iran · 37"), ("Mr Noah Smith", "Dunedin, New Zealand · 61"),
    ]

    static let avatar = CellImage(
        size: Size(width: 4, height: 2),
        cells: "▗▄▄▖▐██▌".map { Cell($0, style: Style(foreground: .rgb(200, 150, 120), background: .rgb(40, 40, 60))) })

    @Test("a list with avatars, a selection, a scrollbar")
    func list() {
        var state = ListState(selection: 4)
        var visible: Range<Int> = 0..<0
        var built: [Int] = []
        let text = screen(Size(width: 48, height: 9)) { frame in
            let list = ListView(itemCount: Self.people.count, rowHeight: 3)
            visible = list.draw(into: &frame, in: Rect(x: 0, y: 0, width: 48, height: 9), state: &state) { index, rect, _, frame in
                built.append(index)
                let (name, line) = Self.people[index]
                frame.draw(Self.avatar, at: Point(x: rect.x + 1, y: rect.y))
                frame.write(name, at: Point(x: rect.x + 7, y: rect.y), style: .bold, maxWidth: rect.width - 7, ellipsis: true)
                frame.write(line, at: Point(x: rect.x + 7, y: rect.y + 1), style: .dim, maxWidth: rect.width - 7, ellipsis: true)
            }
        }
        #expect(visible == 3..<6)
        #expect(built == [3, 4, 5], "only visible rows are built")
        #expect(state.offset == 3)
        expectSnapshot(text, named: "list")
    }

    @Test("status bars: key hints and status, truncated when narrow")
    func statusBars() {
        let hints = [KeyHint("↑↓/jk", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh"), KeyHint("?", "help"), KeyHint("q", "quit")]
        let text = screen(Size(width: 70, height: 4)) { frame in
            StatusBar(left: ["endless", "simulator 127.0.0.1:41235", "seed 5f2c09a1"], right: ["120 people", "page 6"], style: .reverse)
                .draw(into: &frame, in: Rect(x: 0, y: 0, width: 70, height: 1))
            StatusBar(hints: hints, right: ["2 in flight", "cache 96%"]).draw(into: &frame, in: Rect(x: 0, y: 1, width: 70, height: 1))
            StatusBar(hints: hints, right: ["2 in flight", "cache 96%"]).draw(into: &frame, in: Rect(x: 0, y: 2, width: 40, height: 1))
            StatusBar(left: ["only left"]).draw(into: &frame, in: Rect(x: 0, y: 3, width: 12, height: 1))
        }
        expectSnapshot(text, named: "status-bars")
    }

    @Test("banners for errors, warnings and notices")
    func banners() {
        let text = screen(Size(width: 50, height: 3)) { frame in
            Banner(.error, "Refresh failed: HTTP 503 Service Unavailable", action: KeyHint("r", "retry"))
                .draw(into: &frame, in: Rect(x: 0, y: 0, width: 50, height: 1))
            Banner(.warning, "Rate limited; next refresh in 4 s").draw(into: &frame, in: Rect(x: 0, y: 1, width: 50, height: 1))
            Banner(.notice, "Showing cached people").draw(into: &frame, in: Rect(x: 0, y: 2, width: 50, height: 1))
        }
        expectSnapshot(text, named: "banners")
    }

    @Test("a detail panel with a portrait and fields")
    func detailPanel() {
        let fields = [
            DetailPanel.Field("name", "Ms Aada Lehtonen"), DetailPanel.Field("email", "aada.lehtonen@example.com"),
            DetailPanel.Field("phone", "02-444-153"), DetailPanel.Field("location", "Pori, Satakunta, Finland"),
            DetailPanel.Field("born", "1972-03-14 (52)"), DetailPanel.Field("a very long key", "value"),
        ]
        let text = screen(Size(width: 52, height: 10)) { frame in
            frame.fill(frame.bounds, with: "·", style: .dim)
            DetailPanel(title: "Aada Lehtonen", fields: fields, image: Self.avatar)
                .draw(into: &frame, in: Rect(x: 1, y: 1, width: 50, height: 8))
        }
        expectSnapshot(text, named: "detail-panel")
    }

    @Test("a narrow detail panel puts the fields under the portrait")
    func narrowDetailPanel() {
        let text = screen(Size(width: 24, height: 9)) { frame in
            DetailPanel(title: "A title too long to fit", fields: [DetailPanel.Field("email", "someone@example.com")], image: Self.avatar)
                .draw(into: &frame, in: frame.bounds)
        }
        expectSnapshot(text, named: "detail-panel-narrow")
    }

    @Test("the help overlay is centred over the screen")
    func helpOverlay() {
        let text = screen(Size(width: 44, height: 11)) { frame in
            for y in 0..<11 { frame.write(String(repeating: "list ", count: 9), at: Point(x: 0, y: y)) }
            HelpOverlay(
                bindings: [KeyHint("↑↓ j k", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh"), KeyHint("q", "quit")],
                footer: "? or esc closes"
            ).draw(into: &frame, in: frame.bounds)
        }
        expectSnapshot(text, named: "help-overlay")
    }

    @Test("spinner frames follow elapsed time")
    func spinner() {
        let spinner = Spinner.dots
        #expect(spinner.frame(at: .zero) == "⠋")
        #expect(spinner.frame(at: .milliseconds(79)) == "⠋")
        #expect(spinner.frame(at: .milliseconds(80)) == "⠙")
        #expect(spinner.frame(at: .milliseconds(80 * 10)) == "⠋")
        #expect(Spinner.line.frame(at: .milliseconds(250)) == "-")
        let text = screen(Size(width: 20, height: 1)) { frame in
            spinner.draw(into: &frame, at: Point(x: 1, y: 0), elapsed: .milliseconds(170), label: "loading more people", style: .dim, maxWidth: 18)
        }
        #expect(text.hasPrefix(" ⠹ loading more pe…\n"))
    }

    @Test("a spinner drawn marks its frame as showing an animation; plain text does not, and a cleared frame forgets it")
    func spinnerMarksTheFrame() {
        var frame = ScreenBuffer(size: Size(width: 20, height: 2))
        #expect(!frame.showsAnimation, "a new frame")
        frame.write("loaded", at: Point(x: 0, y: 0))
        #expect(!frame.showsAnimation, "text alone does not move")
        Spinner.dots.draw(into: &frame, at: Point(x: 0, y: 1), elapsed: .zero, label: "loading…")
        #expect(frame.showsAnimation)
        frame.clear()
        #expect(!frame.showsAnimation)
    }

    @Test("the list state keeps the selection visible, with a margin")
    func listState() {
        var state = ListState(selection: 0, offset: 0, margin: 1)
        state.moveSelection(by: 5, itemCount: 100, visibleItems: 4)
        #expect(state.selection == 5 && state.offset == 3)
        state.moveSelection(by: -2, itemCount: 100, visibleItems: 4)
        #expect(state.selection == 3 && state.offset == 2)
        state.moveSelection(by: 1000, itemCount: 100, visibleItems: 4)
        #expect(state.selection == 99 && state.offset == 96)
        state.scroll(by: -10, itemCount: 100, visibleItems: 4)
        #expect(state.offset == 86 && state.selection == 88)
        state.select(nil, itemCount: 100, visibleItems: 4)
        state.scroll(by: -200, itemCount: 100, visibleItems: 4)
        #expect(state.offset == 0 && state.selection == nil)
        state.moveSelection(by: 1, itemCount: 0, visibleItems: 4)
        #expect(state.selection == nil)
        let list = ListView(itemCount: 10, rowHeight: 3)
        let hit = list.item(at: Point(x: 2, y: 7), in: Rect(x: 0, y: 1, width: 20, height: 9), state: ListState(selection: 0, offset: 4))
        #expect(hit == 6)
        #expect(list.item(at: Point(x: 2, y: 0), in: Rect(x: 0, y: 1, width: 20, height: 9), state: ListState()) == nil)
    }
}
