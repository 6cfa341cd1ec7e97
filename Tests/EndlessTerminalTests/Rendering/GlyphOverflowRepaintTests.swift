import EndlessTerminalWidgets
import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// The repaints for glyphs whose ink overflows their cells (issue 13's stray mark before a
/// name, seen in xterm after scrolling past Persian names), on the virtual screen, which
/// models that ink as xterm keeps it: on the cells beside, above and below the glyph, wiped
/// only by a write or erase of those cells.
@Suite("Frame renderer: glyph overflow")
struct GlyphOverflowRepaintTests {
    static let size = Size(width: 30, height: 3)

    /// A header, a name on the middle row with the scrollbar's cell at its end, a footer.
    static func frame(_ name: String, thumb: Bool = false) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        frame.write("header", at: .zero)
        frame.write(name, at: Point(x: 0, y: 1), style: .bold)
        frame.write(thumb ? "┃" : "│", at: Point(x: size.width - 1, y: 1))
        frame.write("footer", at: Point(x: 0, y: 2))
        return frame
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("a changed row that held Persian glyphs is repainted with its neighbours: no stray mark is left before a name")
    func glyphGone() {
        // The model holds xterm's behaviour: a diff that rewrites from the fourth column, as
        // a cell diff does, leaves the tail of reh (ر) on the space before the S.
        var naive = VirtualScreen(size: Self.size)
        naive.write(Array("\u{1B}[2;1HMr رضا کریمی".utf8))
        naive.write(Array("\u{1B}[2;4HSondre Ødegård\u{1B}[K".utf8))
        #expect(naive.pixels.staleInk.contains(Point(x: 2, y: 1)), "ink left on the space before the name")

        var terminal = InMemoryTerminal(size: Self.size)
        terminal.render(Self.frame("Mr رضا کریمی"))
        let next = Self.frame("Mr Sondre Ødegård")
        terminal.render(next)
        #expect(terminal.shows(next))
        #expect(terminal.screen.pixels.staleInk.isEmpty, "\(terminal.screen.pixels.staleInk)")
        let output = Self.text(terminal.lastOutput)
        #expect(output.contains("Mr Sondre"), "the whole row is written again")
        #expect(output.contains("header") && output.contains("footer"), "and the rows its ink reached")

        // Rows without such glyphs still get the minimal diff.
        terminal.render(Self.frame("Mr Sondre Berg"))
        #expect(!Self.text(terminal.lastOutput).contains("Mr "))
    }

    @Test("one Persian glyph changed in place still repaints its row and the rows above and below")
    func glyphChanged() {
        var terminal = InMemoryTerminal(size: Self.size)
        terminal.render(Self.frame("Mr رضا کریمی"))
        // رضا becomes رضی: one cell, the last of the first name.
        let next = Self.frame("Mr رضی کریمی")
        terminal.render(next)
        #expect(terminal.shows(next))
        #expect(terminal.screen.pixels.staleInk.isEmpty, "\(terminal.screen.pixels.staleInk)")
        let output = Self.text(terminal.lastOutput)
        #expect(output.contains("Mr رضی کریمی"), "the row is written whole: \(output.debugDescription)")
        #expect(output.contains("header") && output.contains("footer"), "the rows above and below too")
    }

    @Test("a change far from the glyphs of an overflow row (the scrollbar's thumb) is diffed like any other")
    func farChange() {
        var terminal = InMemoryTerminal(size: Self.size)
        terminal.render(Self.frame("Mr رضا کریمی"))
        let next = Self.frame("Mr رضا کریمی", thumb: true)
        terminal.render(next)
        #expect(terminal.shows(next))
        #expect(terminal.screen.pixels.staleInk.isEmpty, "\(terminal.screen.pixels.staleInk)")
        let output = Self.text(terminal.lastOutput)
        #expect(output.contains("┃"))
        #expect(!output.contains("رضا") && !output.contains("header") && !output.contains("footer"), "\(output.debugDescription)")
        // A move and the thumb: nothing else.
        #expect(terminal.lastOutput.count < 32, "\(terminal.lastOutput.count) bytes: \(output.debugDescription)")
        // The glyphs' ink is where they drew it: on the space before the name, untouched.
        let beforeName = 1 * Self.size.width + 2
        #expect(terminal.screen.pixels.ink[beforeName].contains { $0.dx == 1 && $0.dy == 0 })
    }

    @Test("a cell written beside a glyph, over its ink, repaints the row, so the glyph is drawn whole again")
    func neighbourChanged() {
        var terminal = InMemoryTerminal(size: Self.size)
        terminal.render(Self.frame("Mr رضا کریمی"))
        let beforeName = 1 * Self.size.width + 2
        #expect(terminal.screen.pixels.ink[beforeName].contains { $0.dx == 1 && $0.dy == 0 }, "reh's tail on the space")
        // The space just left of ر becomes a dash: a plain diff would write that one cell and
        // wipe the tail.
        let next = Self.frame("Mr-رضا کریمی")
        terminal.render(next)
        #expect(terminal.shows(next))
        #expect(Self.text(terminal.lastOutput).contains("Mr-رضا"), "the row is written whole")
        #expect(terminal.screen.pixels.ink[beforeName].contains { $0.dx == 1 && $0.dy == 0 }, "the tail drawn again over the dash")
    }

    @Test(
        "a Persian place scrolled out of the top of the list leaves no ink on the line moved up under it; only the cells below the word are written again"
    )
    func glyphScrolledOut() {
        let size = Size(width: 40, height: 12)
        // Line i of the list: a name, and on every third line a Persian place further right,
        // over a line whose cells below it are blank, where its ink stays.
        func screen(offset: Int) -> ScreenBuffer {
            var frame = ScreenBuffer(size: size)
            frame.write("endless", at: .zero, style: .reverse)
            for line in 0..<10 {
                let index = offset + line
                frame.write("person \(index)", at: Point(x: 1, y: 1 + line), style: .bold)
                if index % 3 == 0 { frame.write("تهران", at: Point(x: 20, y: 1 + line), style: .dim) }
            }
            frame.write("j/k move", at: Point(x: 0, y: size.height - 1), style: .dim)
            return frame
        }
        for offset in [3, 2] {  // the place on the first line, then on the line that moves up under it
            var terminal = InMemoryTerminal(size: size)
            terminal.render(screen(offset: offset))
            let before = terminal.totalBytes
            let next = screen(offset: offset + 1)
            terminal.render(next)
            #expect(terminal.shows(next))
            #expect(terminal.screen.pixels.staleInk.isEmpty, "offset \(offset): \(terminal.screen.pixels.staleInk)")
            let output = Self.text(terminal.lastOutput)
            #expect(output.contains("\u{1B}[S"), "scrolled: \(output.debugDescription)")
            #expect(!output.contains("person \(offset + 1)"), "the lines that moved are not written again: \(output.debugDescription)")
            #expect(terminal.totalBytes - before < 100, "\(output.debugDescription)")
        }
    }

    @Test("j at the bottom of a list of Persian names: only the row that came in is written, whatever the thumb and the bar do")
    func scrolledList() {
        // The app's rows: a picture (a block of colours of its own), a name, a place; the
        // selection a bar in the gutter; the scrollbar in the last column.
        let size = Size(width: 40, height: 25)
        let names = ["Mr رضا کریمی", "Ms فاطمه رضایی", "Mr ژینا گلشیری", "Ms زهرا حسینی", "Mr علی احمدی", "Ms یگانه رحیمی", "Mr پرهام محمدی"]
        let cities = ["تهران", "همدان", "اصفهان", "شیراز", "تبریز"]
        func screen(offset: Int) -> ScreenBuffer {
            var frame = ScreenBuffer(size: size)
            frame.write("endless", at: .zero, style: .reverse)
            let list = ListView(itemCount: 60, rowHeight: 2, highlight: .none)
            // The selection one row above the last, as the list's margin keeps it.
            var state = ListState(selection: offset + 9, offset: offset)
            list.draw(into: &frame, in: Rect(x: 0, y: 1, width: size.width, height: size.height - 2), state: &state) { index, rect, selected, frame in
                if selected {
                    for y in rect.y..<rect.maxY { frame.write("▌", at: Point(x: rect.x, y: y), style: Style(foreground: .cyan)) }
                }
                let picture = Style(foreground: .indexed(UInt8(index % 200)), background: .indexed(UInt8(200 - index % 200)))
                for y in rect.y..<rect.maxY { frame.write("▚▞▚▞", at: Point(x: rect.x + 1, y: y), style: picture) }
                frame.write(names[index % names.count], at: Point(x: rect.x + 7, y: rect.y), style: .bold)
                frame.write("\(cities[index % cities.count]), Iran · \(20 + index * 7 % 60)", at: Point(x: rect.x + 7, y: rect.y + 1), style: .dim)
            }
            frame.write("j/k move", at: Point(x: 0, y: size.height - 1), style: .dim)
            return frame
        }
        var terminal = InMemoryTerminal(size: size)
        terminal.render(screen(offset: 10))
        var thumbMoved = 0
        for offset in 11...22 {
            let before = terminal.screen.lines.map { $0.last }
            let next = screen(offset: offset)
            terminal.render(next)
            #expect(terminal.shows(next), "offset \(offset)")
            #expect(terminal.screen.pixels.staleInk.isEmpty, "offset \(offset): \(terminal.screen.pixels.staleInk)")
            let output = Self.text(terminal.lastOutput)
            #expect(output.contains("\u{1B}[2S"), "offset \(offset): scrolled")
            let written = names.filter { output.contains($0) }
            #expect(
                written == [names[(offset + 10) % names.count]],
                "offset \(offset): only the row that came in, not \(written): \(output.debugDescription)")
            if before != terminal.screen.lines.map({ $0.last }) { thumbMoved += 1 }
        }
        #expect(thumbMoved > 0, "the scrollbar changed on some of the rows")
    }
}
