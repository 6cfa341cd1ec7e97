import EndlessTerminalWidgets
import EndlessTesting
import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// Random sequences of the app's kind of frames (a list of people with pictures, scrolled,
/// selected, covered by a panel, replaced) through the renderer into the virtual screen,
/// which models sixel pixels, kitty placements and glyph ink the way terminals keep them: after
/// every frame the screen must show exactly the frame's pictures, no stale pixel anywhere.
@Suite("Renderer property: pictures on screen are exactly the frame's")
struct GraphicsPropertyTests {
    static let size = Size(width: 44, height: 17)
    static let names = ["Mr Leo Bennink", "Ms Aada Lehtonen", "Mr رضا کریمی", "Ms فاطمه رضایی", "Mr Sondre Ødegård", "Ms 山田 花子", "Mr ژینا گلشیری"]

    /// A small sixel (raster 40×40: 4×2 cells at 10×20 pixels) unique to `seed`.
    static func sixel(_ seed: Int) -> TerminalGraphic {
        let body = "\u{1B}P0;1;0q\"1;1;40;40#\(seed % 256);2;\(seed % 100);20;30#\(seed % 256)" + String(repeating: "~", count: 40) + "\u{1B}\\"
        return TerminalGraphic(kind: .sixel, escape: Array(body.utf8), size: Size(width: 4, height: 2))
    }

    /// A kitty transmission shaped like chafa's: an empty first chunk, then data chunks.
    static func kitty(_ seed: Int) -> TerminalGraphic {
        let data = String(repeating: "QUJD\(seed)", count: 3)
        let body = "\u{1B}_Ga=T,f=32,s=40,v=40,c=4,r=2,m=1\u{1B}\\\u{1B}_Gm=1;\(data)\u{1B}\\\u{1B}_Gm=0;\(data)AAAA\u{1B}\\"
        return TerminalGraphic(kind: .kitty, escape: Array(body.utf8), size: Size(width: 4, height: 2))
    }

    struct Screen {
        /// 2: the app's rows, the selection a bar in the gutter; 3: a background highlight.
        var rowHeight = 3
        var offset = 0
        var selection = 1
        var panel = false
        var generation = 0  // pictures replaced (a refresh)
        var status = "ready"
    }

    static func frame(_ state: Screen, kind: TerminalGraphic.Kind) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        frame.write("endless · \(state.status)", at: .zero, style: .reverse)
        let bar = state.rowHeight == 2
        let list = ListView(itemCount: 200, rowHeight: state.rowHeight, highlight: bar ? .none : .background(.indexed(237)))
        var listState = ListState(selection: state.selection, offset: state.offset)
        let area = Rect(x: 0, y: 1, width: size.width, height: size.height - 2)
        list.draw(into: &frame, in: area, state: &listState) { index, rect, selected, frame in
            if bar && selected {
                for y in rect.y..<rect.maxY { frame.write("▌", at: Point(x: rect.x, y: y), style: Style(foreground: .ansi(14))) }
            }
            let seed = index * 7 + state.generation * 1000
            // Every fifth row has no picture yet (still loading).
            if index % 5 != 4 {
                frame.place(kind == .sixel ? sixel(seed) : kitty(seed), in: Rect(x: rect.x + 1, y: rect.y, width: 4, height: 2))
            }
            frame.write(names[index % names.count], at: Point(x: rect.x + 7, y: rect.y), style: .bold)
            frame.write("row \(index)", at: Point(x: rect.x + 7, y: rect.y + 1), style: .dim)
        }
        if state.panel {
            // A details panel over the list: its box hides the pictures it overlaps.
            let box = Rect(x: 8, y: 3, width: 30, height: 9)
            frame.fill(box, style: Style(background: .indexed(236)))
            frame.write("details", at: Point(x: 10, y: 4), style: .bold)
            frame.place(kind == .sixel ? sixel(9999) : kitty(9999), in: Rect(x: 10, y: 6, width: 4, height: 2))
        }
        frame.write("j/k move", at: Point(x: 0, y: size.height - 1), style: .dim)
        return frame
    }

    static func step(_ state: inout Screen, _ random: inout SeededRandomNumberGenerator, terminal: inout InMemoryTerminal) {
        let visible = (size.height - 2) / state.rowHeight
        switch Int.random(in: 0..<12, using: &random) {
        case 0...3:  // j or k
            state.selection = max(0, state.selection + (Bool.random(using: &random) ? 1 : -1))
            if state.selection >= state.offset + visible - 1 { state.offset += 1 }
            if state.selection < state.offset + 1 { state.offset = max(0, state.offset - 1) }
        case 4, 5:  // the wheel
            state.offset = max(0, state.offset + Int.random(in: -2...2, using: &random))
        case 6:  // a page
            state.offset = max(0, state.offset + (Bool.random(using: &random) ? visible : -visible))
            state.selection = state.offset + 1
        case 7:  // details open or close
            state.panel.toggle()
        case 8:  // a refresh: new people, new pictures
            if Int.random(in: 0..<3, using: &random) == 0 { state.generation += 1 }
        case 9:
            state.status = ["ready", "loading…", "2 in flight"].randomElement(using: &random) ?? ""
        case 10:  // a resize or a resume: the renderer redraws everything
            if Int.random(in: 0..<3, using: &random) == 0 { terminal.renderer.invalidate() }
        default:
            break
        }
        state.selection = max(state.offset, state.selection)
    }

    @Test(
        "random screens with sixel and kitty pictures, in 3-line rows with a highlight and in the app's 2-line rows with a bar",
        arguments: [(TerminalGraphic.Kind.sixel, true, 3), (.kitty, true, 3), (.kitty, false, 3), (.sixel, true, 2), (.kitty, true, 2)])
    func randomScreens(kind: TerminalGraphic.Kind, kittyScrolls: Bool, rowHeight: Int) {
        var random = SeededRandomNumberGenerator(seed: (kind == .sixel ? 0x5157 : kittyScrolls ? 0x7177 : 0x7170) + (rowHeight == 2 ? 0x200 : 0))
        var terminal = InMemoryTerminal(size: Self.size, colorDepth: .indexed256)
        terminal.screen.pixels.kittyScrollsImages = kittyScrolls
        var state = Screen(rowHeight: rowHeight)
        var failures = 0
        for index in 0..<400 {
            Self.step(&state, &random, terminal: &terminal)
            let frame = Self.frame(state, kind: kind)
            terminal.render(frame)
            let differences = terminal.pictureDifferences(from: frame)
            if !differences.isEmpty || !terminal.shows(frame) {
                failures += 1
                Issue.record("step \(index): \(differences) cells match: \(terminal.shows(frame))\n\(terminal.screen.lines.joined(separator: "\n"))")
                if failures > 2 { break }
            }
        }
        #expect(terminal.screen.unsupportedSequences.isEmpty, "\(terminal.screen.unsupportedSequences.prefix(5))")
    }

    @Test("pictures through tmux's passthrough land where they belong and leave nothing behind")
    func passthrough() {
        var random = SeededRandomNumberGenerator(seed: 0x7A0C)
        for kind in [TerminalGraphic.Kind.sixel, .kitty] {
            var terminal = InMemoryTerminal(size: Self.size, colorDepth: .indexed256)
            terminal.renderer.passthrough = TmuxPassthrough()
            var state = Screen()
            for index in 0..<150 {
                Self.step(&state, &random, terminal: &terminal)
                let frame = Self.frame(state, kind: kind)
                terminal.render(frame)
                let differences = terminal.pictureDifferences(from: frame)
                #expect(differences.isEmpty, "\(kind) step \(index): \(differences)")
                if !differences.isEmpty { break }
            }
            #expect(terminal.screen.passthroughWrites > 0)
            #expect(terminal.screen.unsupportedSequences.isEmpty, "\(terminal.screen.unsupportedSequences.prefix(5))")
        }
    }
}
