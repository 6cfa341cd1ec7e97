import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

@Suite("In-memory terminal")
struct InMemoryTerminalTests {
    @Test("it starts as a session with the default options leaves the terminal")
    func setupIsTheSessions() {
        let options = TerminalSession.Options()
        let modes = TerminalModes(mouse: options.mouse, bracketedPaste: options.bracketedPaste, focusEvents: options.focusEvents)
        #expect(InMemoryTerminal.sessionSetup == modes.enterSequence)
        let terminal = InMemoryTerminal(size: Size(width: 10, height: 3))
        #expect(terminal.screen.isAlternateScreen && !terminal.screen.isCursorVisible && !terminal.screen.autowrap)
        #expect(terminal.totalBytes == modes.enterSequence.count)
    }

    @Test("it shows a frame when each cell looks the same: a space's foreground does not show")
    func showsByLook() {
        let red = Color.ansi(1)
        var terminal = InMemoryTerminal(size: Size(width: 4, height: 1))
        var frame = ScreenBuffer(size: terminal.size)
        terminal.render(frame)
        frame.set(Cell(" ", style: Style(foreground: red)), at: .zero)
        #expect(terminal.shows(frame))
        frame.set(Cell(" ", style: Style(foreground: red, attributes: .reverse)), at: .zero)
        #expect(!terminal.shows(frame))
    }
}
