import Testing

@testable import EndlessTerminal

@Suite("Capabilities from the terminal's answers")
struct DetectionTests {
    let cells = Size(width: 80, height: 24)

    @Test("sixel from DA1 attribute 4 or an XTSMGRAPHICS answer; kitty from OK to its query")
    func protocols() {
        let xterm = TerminalCapabilities.from(
            answers: [.primaryDeviceAttributes([63, 1, 2, 4, 6]), .terminalVersion("XTerm(379)")], colorDepth: .indexed256,
            windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(xterm.sixel && !xterm.kitty && xterm.answered && xterm.terminalName == "XTerm(379)")
        let plain = TerminalCapabilities.from(
            answers: [.primaryDeviceAttributes([1, 2])], colorDepth: .ansi16, windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(!plain.sixel && !plain.kitty, "attribute 2 of a VT100 is not sixel")
        let outer = TerminalCapabilities.from(
            answers: [.primaryDeviceAttributes([1, 2]), .graphicsAttribute(item: 1, status: 0, values: [1024])],
            colorDepth: .trueColor, windowCells: cells, insideTmux: true, passthrough: TmuxPassthrough())
        #expect(outer.sixel && outer.insideTmux)
        let refused = TerminalCapabilities.from(
            answers: [.graphicsAttribute(item: 1, status: 3, values: [0]), .kittyGraphics(id: 31, message: "ENOTSUPPORTED")],
            colorDepth: .trueColor, windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(!refused.sixel && !refused.kitty)
        let kitty = TerminalCapabilities.from(
            answers: [.kittyGraphics(id: 31, message: "OK"), .primaryDeviceAttributes([62])], colorDepth: .trueColor,
            windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(kitty.kitty && GraphicsMode.auto.resolved(for: kitty) == .kitty)
        let none = TerminalCapabilities.from(answers: [], colorDepth: .trueColor, windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(!none.answered && GraphicsMode.auto.resolved(for: none) == .symbols)
    }

    @Test("the cell size: CSI 16 t, else the text area over the cells, never the outer window inside tmux")
    func cellSize() {
        let exact = TerminalCapabilities.from(
            answers: [.cellPixelSize(Size(width: 9, height: 18)), .textAreaPixelSize(Size(width: 1000, height: 1000))],
            colorDepth: .trueColor, windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(exact.cellPixelSize == Size(width: 9, height: 18))
        let area = TerminalCapabilities.from(
            answers: [.textAreaPixelSize(Size(width: 800, height: 480))], colorDepth: .trueColor, windowCells: cells, insideTmux: false,
            passthrough: nil)
        #expect(area.cellPixelSize == Size(width: 10, height: 20))
        let tmux = TerminalCapabilities.from(
            answers: [.textAreaPixelSize(Size(width: 800, height: 480)), .terminalVersion("tmux 3.3a")], colorDepth: .trueColor,
            windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(tmux.cellPixelSize == nil && tmux.insideTmux, "tmux found by its answer; the area is the outer window's")
        let bogus = TerminalCapabilities.from(
            answers: [.cellPixelSize(Size(width: 0, height: 0)), .textAreaPixelSize(Size(width: 5, height: 5))], colorDepth: .trueColor,
            windowCells: cells, insideTmux: false, passthrough: nil)
        #expect(bogus.cellPixelSize == nil)
    }

    @Test("a cell size no font has is not believed: a million pixels a side (the parser's cap), from the answer or the text area")
    func hostileCellSize() {
        for answers: [TerminalReply] in [
            [.cellPixelSize(Size(width: 1_000_000, height: 1_000_000))],
            [.cellPixelSize(Size(width: 10, height: TerminalCapabilities.largestCellPixels + 1))],
            [.textAreaPixelSize(Size(width: 1_000_000, height: 1_000_000))],
        ] {
            let capabilities = TerminalCapabilities.from(
                answers: answers, colorDepth: .trueColor, windowCells: cells, insideTmux: false, passthrough: nil)
            #expect(capabilities.cellPixelSize == nil, "\(answers)")
        }
        let largest = TerminalCapabilities.largestCellPixels
        #expect(TerminalCapabilities.plausibleCellPixelSize(Size(width: largest, height: largest)) == Size(width: largest, height: largest))
        #expect(TerminalCapabilities.plausibleCellPixelSize(Size(width: 1, height: 1)) == Size(width: 1, height: 1))
    }

    @Test("tmux's answer about its pane: passthrough and where the pane is")
    func tmuxPane() {
        #expect(TmuxPane.parse("1 0 0 on bottom XTerm(379)\n") == TmuxPane(allowsPassthrough: true, origin: .zero, outerTerminal: "XTerm(379)"))
        #expect(TmuxPane.parse("on 10 40 2 top ")?.origin == Point(x: 40, y: 12))
        #expect(TmuxPane.parse("all 3 0 off top foot")?.allowsPassthrough == true)
        #expect(TmuxPane.parse("0 3 0 on bottom")?.allowsPassthrough == false)
        #expect(TmuxPane.parse("garbage") == nil)
        #expect(TmuxPane.parse("1 0 0 on bottom \u{1B}[2Jevil")?.outerTerminal == "evil", "what tmux relays is sanitized")
        #expect(TmuxPane.isInside(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!TmuxPane.isInside(environment: ["TMUX": "", "TERM": "tmux-256color"]))
    }

    @Test("tmux's passthrough doubles every ESC and positions on the outer terminal")
    func passthroughWrapping() {
        #expect(TmuxPassthrough.wrap(Array("\u{1B}_Ga=q\u{1B}\\".utf8)) == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=q\u{1B}\u{1B}\\\u{1B}\\".utf8))
        var out = ByteWriter()
        TmuxPassthrough(paneOrigin: Point(x: 40, y: 1)).append(Array("X".utf8), at: Point(x: 2, y: 3), into: &out)
        #expect(String(decoding: out.bytes, as: UTF8.self) == "\u{1B}[r\u{1B}Ptmux;\u{1B}\u{1B}[5;43HX\u{1B}\\")
    }

    @Test("the graphics mode: the flag, else ENDLESS_GRAPHICS, else auto; an explicit mode overrides what was detected")
    func requestedMode() throws {
        #expect(try GraphicsMode.requested(flag: .kitty, environment: ["ENDLESS_GRAPHICS": "sixel"]) == .kitty)
        #expect(try GraphicsMode.requested(flag: nil, environment: ["ENDLESS_GRAPHICS": "Sixel"]) == .sixel)
        #expect(try GraphicsMode.requested(flag: nil, environment: ["ENDLESS_GRAPHICS": ""]) == .auto)
        #expect(try GraphicsMode.requested(flag: nil, environment: [:]) == .auto)
        #expect(throws: GraphicsModeError(value: "ascii")) { try GraphicsMode.requested(flag: nil, environment: ["ENDLESS_GRAPHICS": "ascii"]) }
        #expect("\(GraphicsModeError(value: "ascii"))".contains("use one of auto, symbols, sixel, kitty, none"))
        let plain = TerminalCapabilities(colorDepth: .trueColor)
        #expect(GraphicsMode.kitty.resolved(for: plain) == .kitty)
        #expect(GraphicsMode.none.resolved(for: TerminalCapabilities(colorDepth: .trueColor, kitty: true)) == .none)
        #expect(GraphicsMode.auto.resolved(for: TerminalCapabilities(colorDepth: .trueColor, sixel: true, kitty: true)) == .kitty)
    }
}
