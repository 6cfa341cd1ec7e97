import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
private let begin = "\u{1B}[?2026h"
private let end = "\u{1B}[?2026l"

@Suite("Frame renderer")
struct FrameRendererTests {
    @Test("a one-cell change writes one move and one character; no change writes nothing")
    func minimalOutput() {
        var renderer = FrameRenderer(colorDepth: .trueColor)
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        frame.write("hello", at: .zero)
        _ = renderer.render(frame)

        frame.write("X", at: Point(x: 10, y: 4))
        #expect(renderer.render(frame) == bytes(begin + "\u{1B}[5;11HX" + end))
        #expect(renderer.render(frame) == [])

        // Two unchanged blanks in between cost less to rewrite than a move.
        frame.write("Y", at: Point(x: 13, y: 4))
        #expect(renderer.render(frame) == bytes(begin + "  Y" + end))

        // A color change: one move, one SGR, the character.
        frame.write("e", at: Point(x: 1, y: 0), style: Style(foreground: .red))
        #expect(renderer.render(frame) == bytes(begin + "\u{1B}[1;2H\u{1B}[31me" + end))

        // Back to plain: a backspace and the 3-byte reset.
        frame.write("e", at: Point(x: 1, y: 0))
        #expect(renderer.render(frame) == bytes(begin + "\u{8}\u{1B}[me" + end))
    }

    @Test("the first frame and a size change are full redraws")
    func fullRedraw() {
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        var frame = ScreenBuffer(size: Size(width: 10, height: 2))
        frame.write("ab", at: Point(x: 0, y: 1))
        #expect(renderer.render(frame) == bytes("\u{1B}[m\u{1B}[H\u{1B}[2J\nab"))
        let bigger = ScreenBuffer(size: Size(width: 12, height: 2))
        #expect(renderer.render(bigger).starts(with: bytes("\u{1B}[m\u{1B}[H\u{1B}[2J")))
        renderer.invalidate()
        #expect(renderer.render(bigger) == bytes("\u{1B}[m\u{1B}[H\u{1B}[2J"))
    }

    @Test("a blank tail of a row is erased with EL")
    func eraseToEnd() {
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        var frame = ScreenBuffer(size: Size(width: 20, height: 2))
        frame.write("a long line of text", at: .zero)
        _ = renderer.render(frame)
        frame.fill(Rect(x: 6, y: 0, width: 14, height: 1))
        #expect(renderer.render(frame) == bytes("\u{1B}[8G\u{1B}[K"))
    }

    @Test("scrolling a list by one row scrolls a region and draws only the new row")
    func scrollRegion() {
        func list(offset: Int) -> ScreenBuffer {
            var frame = ScreenBuffer(size: Size(width: 30, height: 12))
            frame.write("header", at: .zero, style: .bold)
            for row in 1..<11 { frame.write("item \(offset + row)", at: Point(x: 2, y: row)) }
            frame.write("footer", at: Point(x: 0, y: 11))
            return frame
        }
        var terminal = InMemoryTerminal(size: Size(width: 30, height: 12))
        terminal.render(list(offset: 0))
        let next = list(offset: 1)
        terminal.render(next)
        #expect(terminal.lastOutput == bytes(begin + "\u{1B}[2;11r\u{1B}[S\u{1B}[r\u{1B}[11;3Hitem 11" + end))
        #expect(terminal.shows(next))
        let back = list(offset: 0)
        terminal.render(back)
        #expect(terminal.lastOutput == bytes(begin + "\u{1B}[2;11r\u{1B}[T\u{1B}[r\n\u{1B}[3Gitem 1" + end))
        #expect(terminal.shows(back))
    }

    @Test("a whole-screen scroll needs no region")
    func scrollWholeScreen() {
        func lines(from first: Int) -> ScreenBuffer {
            var frame = ScreenBuffer(size: Size(width: 20, height: 10))
            for row in 0..<10 { frame.write("line \(first + row)", at: Point(x: 0, y: row)) }
            return frame
        }
        var terminal = InMemoryTerminal(size: Size(width: 20, height: 10))
        terminal.render(lines(from: 0))
        terminal.render(lines(from: 3))
        #expect(terminal.lastOutput.starts(with: bytes(begin + "\u{1B}[3S")))
        #expect(terminal.lastOutput.count < 60)
        #expect(terminal.shows(lines(from: 3)))
    }

    @Test("colors are written at the detected depth")
    func colorDepths() {
        let expectations: [(ColorDepth, String)] = [
            (.trueColor, "\u{1B}[38;2;255;0;0;48;5;17mx"), (.indexed256, "\u{1B}[38;5;196;48;5;17mx"),
            (.ansi16, "\u{1B}[91;40mx"), (.none, "x"),
        ]
        for (depth, expected) in expectations {
            var renderer = FrameRenderer(colorDepth: depth, synchronizedOutput: false)
            var frame = ScreenBuffer(size: Size(width: 4, height: 1))
            _ = renderer.render(frame)
            frame.write("x", at: .zero, style: Style(foreground: .rgb(255, 0, 0), background: .indexed(17)))
            #expect(renderer.render(frame) == bytes(expected), "\(depth)")
        }
        var renderer = FrameRenderer(colorDepth: .none, synchronizedOutput: false)
        var frame = ScreenBuffer(size: Size(width: 4, height: 1))
        _ = renderer.render(frame)
        frame.write("x", at: .zero, style: Style(foreground: .red, attributes: [.bold, .reverse]))
        #expect(renderer.render(frame) == bytes("\u{1B}[1;7mx"))
    }

    @Test("SGR changes take the shorter of incremental and reset")
    func sgr() {
        func sgr(_ pen: Style?, _ target: Style) -> String {
            var out = ByteWriter()
            SGR.append(from: pen, to: target, into: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(sgr(nil, .plain) == "\u{1B}[0m")
        #expect(sgr(.plain, .bold) == "\u{1B}[1m")
        #expect(sgr(Style(foreground: .red, attributes: .bold), .plain) == "\u{1B}[m")
        #expect(sgr(Style(attributes: [.bold, .dim]), .dim) == "\u{1B}[0;2m")
        #expect(sgr(Style(foreground: .red, attributes: [.bold, .italic]), Style(foreground: .red, attributes: .italic)) == "\u{1B}[22m")
        #expect(sgr(Style(foreground: .red), Style(foreground: .red, background: .blue)) == "\u{1B}[44m")
        #expect(sgr(.plain, Style(foreground: .brightWhite, background: .indexed(237))) == "\u{1B}[97;48;5;237m")
        #expect(sgr(.bold, .bold) == "")
        // The longest forms: every attribute and two true colours, with three-digit values.
        let loud = Style(foreground: .rgb(255, 0, 9), background: .rgb(10, 100, 200), attributes: [.bold, .dim, .italic, .underline, .reverse])
        #expect(sgr(nil, loud) == "\u{1B}[0;1;2;3;4;7;38;2;255;0;9;48;2;10;100;200m")
        #expect(sgr(loud, Style(foreground: .rgb(255, 0, 9), background: .rgb(10, 100, 200))) == "\u{1B}[22;23;24;27m")
        #expect(sgr(Style(background: .rgb(1, 2, 3), attributes: .underline), Style(foreground: .indexed(100))) == "\u{1B}[0;38;5;100m")
    }

    @Test("cursor moves pick the cheapest encoding")
    func cursorMotion() {
        func move(_ from: Point?, _ to: Point) -> String {
            var out = ByteWriter()
            CursorMotion.append(from: from, to: to, into: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(move(nil, .zero) == "\u{1B}[H")
        #expect(move(nil, Point(x: 0, y: 4)) == "\u{1B}[5H")
        #expect(move(Point(x: 3, y: 2), Point(x: 3, y: 3)) == "\n")
        #expect(move(Point(x: 7, y: 2), Point(x: 0, y: 3)) == "\n\r")
        #expect(move(Point(x: 7, y: 2), Point(x: 5, y: 2)) == "\u{8}\u{8}")
        #expect(move(Point(x: 7, y: 2), Point(x: 70, y: 2)) == "\u{1B}[71G")
        #expect(move(Point(x: 70, y: 2), Point(x: 1, y: 2)) == "\u{1B}[2G")
        #expect(move(Point(x: 5, y: 20), Point(x: 5, y: 2)) == "\u{1B}[3d")
        #expect(move(Point(x: 5, y: 5), Point(x: 5, y: 5)) == "")
        #expect(move(Point(x: 50, y: 40), Point(x: 3, y: 2)) == "\u{1B}[3;4H")
    }

    @Test("pixel graphics are written once, redrawn when moved, and their area repainted when gone")
    func opaqueGraphics() {
        let size = Size(width: 20, height: 6)
        var terminal = InMemoryTerminal(size: size)
        let sixel = TerminalGraphic(kind: .sixel, escape: bytes("\u{1B}Pq#0;2;0;0;0#0~~\u{1B}\\"), size: Size(width: 4, height: 2))
        var frame = ScreenBuffer(size: size)
        frame.write("title", at: .zero)
        frame.place(sixel, in: Rect(x: 2, y: 1, width: 4, height: 2))
        terminal.render(frame)
        #expect(terminal.screen.graphics == [VirtualScreen.Graphic(kind: .sixel, origin: Point(x: 2, y: 1), byteCount: sixel.escape.count - 4)])

        #expect(terminal.render(frame).isEmpty)
        frame.write("more", at: Point(x: 10, y: 4))
        terminal.render(frame)
        #expect(terminal.screen.graphics.count == 1)
        #expect(!terminal.lastOutput.contains(0x50))  // no DCS introducer "P" re-sent

        var moved = frame
        moved.clear()
        moved.write("title", at: .zero)
        moved.place(sixel, in: Rect(x: 8, y: 2, width: 4, height: 2))
        terminal.render(moved)
        #expect(terminal.screen.graphics.last?.origin == Point(x: 8, y: 2))
        #expect(terminal.shows(moved))

        var gone = moved
        gone.clear()
        gone.write("title", at: .zero)
        terminal.render(gone)
        #expect(!terminal.lastOutput.isEmpty, "the cells under the image are repainted even though they are blank in both frames")
        #expect(terminal.screen.graphics.count == 2)
        #expect(terminal.shows(gone))

        let kitty = TerminalGraphic(kind: .kitty, escape: bytes("\u{1B}_Ga=T,f=32;AAAA\u{1B}\\"), size: Size(width: 2, height: 1))
        var withKitty = gone
        withKitty.place(kitty, in: Rect(x: 4, y: 3, width: 2, height: 1))
        terminal.render(withKitty)
        terminal.render(gone)
        #expect(String(decoding: terminal.lastOutput, as: UTF8.self).contains("\u{1B}_Ga=d,d=i,i="), "the kitty placement is deleted by id")
    }

    @Test("the row the cursor was left on, outside the scroll, is written first, with the pen the last frame left")
    func cursorRowFirst() throws {
        let size = Size(width: 30, height: 9)
        let status = Style(foreground: .indexed(250), background: .indexed(236))
        func frame(offset: Int, cache: Int) -> ScreenBuffer {
            var frame = ScreenBuffer(size: size)
            frame.write("endless", at: .zero, style: .reverse)
            for line in 0..<7 { frame.write("person \(offset + line) · Almere", at: Point(x: 1, y: 1 + line), style: .bold) }
            frame.fill(Rect(x: 0, y: 8, width: size.width, height: 1), style: status)
            frame.write("0 in flight · cache \(cache)%", at: Point(x: 1, y: 8), style: status)
            return frame
        }
        var terminal = InMemoryTerminal(size: size, colorDepth: .indexed256)
        terminal.render(frame(offset: 0, cache: 27))
        terminal.render(frame(offset: 0, cache: 28))  // ends on the status bar, in its colours
        let next = frame(offset: 1, cache: 29)
        terminal.render(next)
        #expect(terminal.shows(next))
        let output = String(decoding: terminal.lastOutput, as: UTF8.self)
        // Cursor after the 8: one back, the 9, then the scroll.
        #expect(output.hasPrefix(begin + "\u{8}9\u{1B}[m\u{1B}[2;8r\u{1B}[S"), "\(output.debugDescription)")
        #expect(!output.contains("38;5;250"), "the status colours are not set again")
    }

    @Test("a scroll resets the pen only when erased rows would take its background")
    func scrollPen() {
        let size = Size(width: 20, height: 8)
        func frame(offset: Int, last: Style) -> ScreenBuffer {
            var frame = ScreenBuffer(size: size)
            for line in 0..<7 { frame.write("row \(offset + line)", at: Point(x: 0, y: line), style: .bold) }
            frame.write("end", at: Point(x: 0, y: 7), style: last)
            return frame
        }
        for (last, resets) in [
            (Style.dim, false), (Style(foreground: .red, attributes: .bold), false), (Style(background: .indexed(236)), true), (Style.reverse, true),
        ] {
            var terminal = InMemoryTerminal(size: size, colorDepth: .indexed256)
            terminal.render(frame(offset: 0, last: .plain))
            terminal.render(frame(offset: 0, last: last))  // ends with the pen in `last`
            let next = frame(offset: 1, last: last)
            terminal.render(next)
            #expect(terminal.shows(next))
            let output = String(decoding: terminal.lastOutput, as: UTF8.self)
            #expect(output.hasPrefix(begin + (resets ? "\u{1B}[m" : "") + "\u{1B}[1;7r\u{1B}[S"), "\(last): \(output.debugDescription)")
        }
    }

    @Test("a kitty image is sent once, then placed again by id; its placement is deleted by id")
    func kittyByID() {
        let size = Size(width: 30, height: 8)
        let payload = "QUJDREVGR0g="
        let kitty = TerminalGraphic(
            kind: .kitty, escape: bytes("\u{1B}_Ga=T,f=32,s=40,v=40,c=4,r=2,m=1\u{1B}\\\u{1B}_Gm=0;\(payload)\u{1B}\\"),
            size: Size(width: 4, height: 2))
        var terminal = InMemoryTerminal(size: size)
        func frame(at point: Point?) -> ScreenBuffer {
            var frame = ScreenBuffer(size: size)
            frame.write("title", at: .zero)
            if let point { frame.place(kitty, in: Rect(x: point.x, y: point.y, width: 4, height: 2)) }
            return frame
        }
        terminal.render(frame(at: Point(x: 1, y: 2)))
        let first = String(decoding: terminal.lastOutput, as: UTF8.self)
        #expect(first.contains(payload) && first.contains(",q=2"), "sent with its ids, answers suppressed")
        #expect(terminal.pictureDifferences(from: frame(at: Point(x: 1, y: 2))).isEmpty)

        let moved = frame(at: Point(x: 20, y: 5))
        terminal.render(moved)
        let second = String(decoding: terminal.lastOutput, as: UTF8.self)
        #expect(!second.contains(payload), "not sent again")
        #expect(second.contains("\u{1B}_Ga=d,d=i,i=") && second.contains("\u{1B}_Ga=p,i="))
        #expect(terminal.pictureDifferences(from: moved).isEmpty)

        terminal.renderer.invalidate()  // a resize: a full redraw places it again, still by id
        terminal.render(moved)
        #expect(!String(decoding: terminal.lastOutput, as: UTF8.self).contains(payload))
        #expect(terminal.pictureDifferences(from: moved).isEmpty)

        let gone = frame(at: nil)
        terminal.render(gone)
        #expect(terminal.pictureDifferences(from: gone).isEmpty)
        #expect(terminal.screen.pixels.kittyImages.count == 1, "the data stays for the next time")
    }

    @Test("cells in one style set the pen once, and a new color depth sets it again from the next cell")
    func penFollowsStyleAndDepth() {
        let size = Size(width: 12, height: 2)
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        let red = Style(foreground: .rgb(200, 10, 10))
        var frame = ScreenBuffer(size: size)
        _ = renderer.render(frame)
        frame.write("abc", at: Point(x: 0, y: 0), style: red)
        frame.write("xyz", at: Point(x: 6, y: 0), style: red)
        let first = String(decoding: renderer.render(frame), as: UTF8.self)
        // One SGR for both runs: the pen is still red when the cursor reaches x.
        #expect(first.components(separatedBy: "38;2;200;10;10").count == 2, "\(first.debugDescription)")
        renderer.colorDepth = .indexed256
        frame.write("def", at: Point(x: 0, y: 0), style: red)
        let second = String(decoding: renderer.render(frame), as: UTF8.self)
        let indexed = "38;5;\(Palette.nearest256(200, 10, 10))"
        #expect(second.contains(indexed), "\(second.debugDescription)")
        #expect(!second.contains("38;2;"), "\(second.debugDescription)")
        #expect(second.contains("def"))
    }
}
