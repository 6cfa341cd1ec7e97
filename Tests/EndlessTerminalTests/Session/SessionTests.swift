import EndlessTerminalTesting
import Glibc
import Testing

@testable import EndlessTerminal

/// A session opened in this process on a pty's slave side.
@Suite("Terminal session", .serialized, .enabled(if: Pseudoterminal.isAvailable, "needs /dev/ptmx"))
struct SessionTests {
    struct Failure: Error {}

    @Test("opening on something that is not a terminal fails with a clear error")
    func notATerminal() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(throws: TerminalError.notATerminal(fileDescriptor: ends[0])) {
            try TerminalSession.open(input: ends[0], output: 1)
        }
        #expect("\(TerminalError.notATerminal(fileDescriptor: 3))".contains("not a terminal"))
    }

    @Test("run restores termios when the body throws, and a second session cannot open meanwhile")
    func thrownError() async throws {
        let pty = try Pseudoterminal()
        let before = pty.settings
        await #expect(throws: Failure.self) {
            try await TerminalSession.run(input: pty.slave, output: pty.slave) { session in
                #expect(pty.settings.c_lflag & tcflag_t(ICANON | ECHO) == 0)
                #expect(throws: TerminalError.sessionAlreadyOpen) {
                    try TerminalSession.open(input: pty.slave, output: pty.slave)
                }
                var frame = session.makeFrame()
                frame.write("working", at: .zero)
                try session.render(frame)
                throw Failure()
            }
        }
        #expect(sameSettings(pty.settings, before))
        pty.drain()
        #expect(pty.contains("working"))
        #expect(pty.contains("\u{18}\u{1B}[?2026l\u{1B}[m\u{1B}[r"), "the restore sequence was written, the scroll region reset")
        // And the next session can open.
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave)
        session.close()
        session.close()
        #expect(sameSettings(pty.settings, before))
    }

    @Test("keys typed on the terminal and signals arrive as events, in order")
    func events() async throws {
        let pty = try Pseudoterminal(size: Size(width: 90, height: 20))
        var options = TerminalSession.Options()
        options.environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        // The SIGINT below goes to this test process, which must outlive the session.
        options.terminationGrace = nil
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave, options: options)
        defer { session.close() }
        #expect(session.size == Size(width: 90, height: 20))
        #expect(session.capabilities.colorDepth == .trueColor)
        var events = session.events.makeAsyncIterator()

        pty.type("a\u{1B}[1;5A\u{1B}[<0;3;4M\u{1B}[200~pasted\u{1B}[201~")
        #expect(await events.next() == .key(KeyEvent(.character("a"))))
        #expect(await events.next() == .key(KeyEvent(.up, modifiers: .control)))
        #expect(await events.next() == .mouse(MouseEvent(.press(.left), at: Point(x: 2, y: 3))))
        #expect(await events.next() == .paste("pasted"))

        pty.resize(to: Size(width: 120, height: 40))
        kill(getpid(), SIGWINCH)  // process-directed, as from the terminal
        #expect(await events.next() == .resize(Size(width: 120, height: 40)))
        #expect(session.size == Size(width: 120, height: 40))
        #expect(session.makeFrame().size == Size(width: 120, height: 40))

        kill(getpid(), SIGINT)
        #expect(await events.next() == .terminate(.interrupt))
    }
}

extension SessionTests {
    @Test("usable from the main actor, as the app's view models are; frames of a stale size are cropped")
    @MainActor
    func mainActor() async throws {
        let pty = try Pseudoterminal(size: Size(width: 30, height: 5))
        let drawn = try await TerminalSession.run(input: pty.slave, output: pty.slave) { session in
            var frame = ScreenBuffer(size: Size(width: 40, height: 8))  // built before a resize
            frame.write("main actor", at: Point(x: 1, y: 1))
            frame.write("beyond the edge", at: Point(x: 25, y: 2))
            try session.render(frame)
            return session.size
        }
        #expect(drawn == Size(width: 30, height: 5))
        pty.drain()
        #expect(pty.screen.text.isEmpty, "the alternate screen was left")
        #expect(pty.contains("main actor"))
        #expect(pty.contains("beyon") && !pty.contains("beyond"))
    }
}

@Suite("Terminal modes")
struct TerminalModesTests {
    @Test("the setup sequence turns modes on and the restore sequence turns them all off")
    func enterAndRestore() {
        var screen = VirtualScreen(size: Size(width: 20, height: 4))
        screen.write(Array("shell prompt $".utf8))
        let modes = TerminalModes(mouse: .drags, bracketedPaste: true, focusEvents: true)
        screen.write(modes.enterSequence)
        #expect(screen.isAlternateScreen && !screen.isCursorVisible && !screen.autowrap)
        #expect(screen.privateModes.isSuperset(of: [1000, 1002, 1006, 2004, 1004]))
        #expect(screen.text.isEmpty)
        screen.write(Array("\u{1B}[?2026h\u{1B}[38;2;1".utf8))  // a frame cut off by a crash
        screen.write(modes.restoreSequence)
        #expect(!screen.isAlternateScreen && screen.isCursorVisible && screen.autowrap)
        #expect(screen.privateModes.isDisjoint(with: [1000, 1002, 1003, 1006, 2004, 1004, 2026]))
        #expect(!screen.isInSynchronizedUpdate)
        #expect(screen.pen == .plain)
        #expect(screen.text == "shell prompt $")
    }

    @Test("mouse tracking levels")
    func mouseLevels() {
        #expect(
            !String(decoding: TerminalModes(mouse: .off, bracketedPaste: false, focusEvents: false).enterSequence, as: UTF8.self).contains("?100"))
        #expect(
            String(decoding: TerminalModes(mouse: .clicks, bracketedPaste: false, focusEvents: false).enterSequence, as: UTF8.self).contains(
                "\u{1B}[?1000h\u{1B}[?1006h"))
        #expect(
            String(decoding: TerminalModes(mouse: .allMotion, bracketedPaste: false, focusEvents: false).enterSequence, as: UTF8.self).contains(
                "?1003h"))
    }
}
