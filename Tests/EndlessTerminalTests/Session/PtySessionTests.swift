import EndlessTesting
import Glibc
import Testing

@testable import EndlessTerminal

/// End-to-end: the demo runs in a child process on a pseudo-terminal; the test plays the
/// user and checks, with `stty -a` and termios, that the terminal comes back as it was.
@Suite("Session on a pty (end to end)", .serialized, .enabled(if: Pseudoterminal.isAvailable, "needs /dev/ptmx"))
struct PtySessionTests {
    /// A child running ``PtyDemo`` (or another program) on a fresh pty, which is its
    /// controlling terminal. Unchecked Sendable: one test uses it at a time, and while a wait
    /// runs on its own thread (see ``read(until:after:)``) the test only awaits it.
    final class DemoProcess: @unchecked Sendable {
        let pty: Pseudoterminal
        let pid: pid_t
        let before: termios
        let sttyBefore: String
        /// The read end of the child's standard error when it is a pipe, not the pty.
        private let errorPipe: Int32?

        /// - Parameters:
        ///   - mode: the demo's mode (see ``PtyDemo``).
        ///   - backtracer: run with the Swift runtime's crash backtracer on, as a real app
        ///     does; off, a fatal signal meets the default action.
        convenience init(
            mode: String, backtracer: Bool = false, environment extra: [String: String] = [:], separateStandardError: Bool = false
        ) throws {
            let backtrace = backtracer ? "enable=yes,interactive=no,symbolicate=off,threads=crashed" : "enable=no"
            let replaced = Set(["TMUX", "TMUX_PANE", "TERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "SWIFT_BACKTRACE"]).union(extra.keys)
            let environment =
                Subprocess.currentEnvironment().filter { entry in
                    let name = String(entry.prefix { $0 != "=" })
                    return name != PtyDemo.variable && !replaced.contains(name)
                } + ["\(PtyDemo.variable)=\(mode)", "NO_COLOR=1"]
                + (extra["TERM"] == nil ? ["TERM=xterm-256color"] : []) + (extra["SWIFT_BACKTRACE"] == nil ? ["SWIFT_BACKTRACE=\(backtrace)"] : [])
                + extra.map { "\($0.key)=\($0.value)" }
            try self.init(
                arguments: [Subprocess.executablePath(), "--testing-library", "swift-testing", "--filter", "PtyDemoChild"],
                environment: environment, separateStandardError: separateStandardError)
        }

        /// Runs `arguments` with exactly `environment`, the pty as its standard input and output
        /// and, unless `separateStandardError`, standard error.
        init(arguments: [String], environment: [String], separateStandardError: Bool = false) throws {
            pty = try Pseudoterminal()
            before = pty.settings
            sttyBefore = try pty.stty()
            var ends: [Int32] = [-1, -1]
            if separateStandardError {
                guard pipe(&ends) == 0 else { throw TestFailure("pipe: errno \(errno)") }
                // Only this child may hold the write end, or its end of file would wait for others.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            }
            let errorWrite = ends[1]
            let path = pty.slavePath
            pid = try Subprocess.spawn(
                arguments, environment: environment,
                actions: { actions in
                    // Opened by a session leader, the pty becomes its controlling terminal.
                    posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
                    posix_spawn_file_actions_adddup2(&actions, 0, 1)
                    posix_spawn_file_actions_adddup2(&actions, errorWrite >= 0 ? errorWrite : 0, 2)
                    // Nothing else: other tests' descriptors without close-on-exec (their
                    // clients' sockets) would stay open for as long as the child runs.
                    _ = Self.closeFrom?(&actions, 3)
                }, newSession: true)
            if separateStandardError {
                close(ends[1])
                _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
                errorPipe = ends[0]
            } else {
                errorPipe = nil
            }
        }

        deinit {
            if let errorPipe { close(errorPipe) }
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift does not
        /// import (it is a GNU extension): closes every descriptor from a number up in the child.
        private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast($0, to: CloseFrom.self)
        }

        /// What the child wrote to its separate standard error, once it has ended: all of it
        /// is in the pipe by then.
        func standardError() -> String {
            guard let errorPipe else { return "" }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = Glibc.read(errorPipe, &buffer, buffer.count)
                if count > 0 {
                    bytes += buffer[0..<count]
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Waits for the child to end and collects its last output. A child still running
        /// after `deadline` (a signal that did not end it) is killed and reported as SIGKILL,
        /// so a regression fails instead of hanging the suite.
        func finish(deadline: Duration = .seconds(60)) -> (exitCode: Int32?, signal: Int32?) {
            let status = Subprocess.wait(pid, collecting: pty, deadline: deadline)
            pty.drain()
            let low = status & 0x7F
            if low == 0 { return ((status >> 8) & 0xFF, nil) }
            return (nil, low)
        }

        /// Reads what the program writes until `marker` appears after `start`.
        ///
        /// This wait, and the others below, runs on a thread of its own: Swift Testing runs
        /// tests on the cooperative pool, two threads on a two-core machine, and a test blocked
        /// there on a child holds up every other suite. (With four suites of pty tests doing
        /// that, the full run timed out dozens of unrelated tests.)
        func read(until marker: String, after start: Int = 0) async -> Bool {
            await OffThePool.run { self.pty.read(until: marker, after: start) }
        }

        /// Reads what the program writes until the emulated screen shows `text`.
        func read(untilScreenShows text: String) async -> Bool {
            await OffThePool.run { self.pty.read(untilScreenShows: text) }
        }

        /// Reads until `marker`, then types what `answer` makes of the terminal's output, on
        /// the same thread: a terminal answers at once, however long the test's task waits
        /// for a turn on the pool (the demo's probe gives up after its timeout).
        func answer(after marker: String, with answer: @escaping @Sendable (Pseudoterminal) -> [UInt8]) async -> Bool {
            await OffThePool.run {
                guard self.pty.read(until: marker) else { return false }
                let bytes = answer(self.pty)
                if !bytes.isEmpty { self.pty.type(String(decoding: bytes, as: UTF8.self)) }
                return true
            }
        }

        /// ``finish(deadline:)``, waited for off the cooperative pool.
        func end(deadline: Duration = .seconds(60)) async -> (exitCode: Int32?, signal: Int32?) {
            await OffThePool.run { self.finish(deadline: deadline) }
        }

        func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect(sameSettings(pty.settings, before), "termios differs after exit", sourceLocation: sourceLocation)
            #expect(try pty.stty() == sttyBefore, sourceLocation: sourceLocation)
            let enter = pty.firstIndex(of: "\u{1B}[?1049h") ?? Int.max
            let restore = pty.firstIndex(of: "\u{1B}[?1049l", after: enter == Int.max ? 0 : enter) ?? -1
            #expect(restore > enter, "the alternate screen was left after it was entered", sourceLocation: sourceLocation)
            #expect(pty.contains("\u{1B}[?25h", after: max(0, restore - 64)), "cursor shown again", sourceLocation: sourceLocation)
            #expect(pty.contains("\u{1B}[?1006l\u{1B}[?2004l", after: max(0, restore - 64)), "mouse and paste off", sourceLocation: sourceLocation)
        }
    }

    /// Starts the demo in `mode` and waits for its first frame, in raw mode.
    static func start(_ mode: String, backtracer: Bool = false) async throws -> DemoProcess {
        let demo = try DemoProcess(mode: mode, backtracer: backtracer)
        try #require(await demo.read(untilScreenShows: "READY 80x24"), "the demo did not start: \(String(decoding: demo.pty.output, as: UTF8.self))")
        let raw = demo.pty.settings
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0, "raw mode: no line editing, no echo, no signal keys")
        #expect(!sameSettings(raw, demo.before))
        return demo
    }

    @Test("a first frame of the terminal's size is drawn before the probe's queries, and the app's frame changes it")
    func firstFrameBeforeProbe() async throws {
        let demo = try await Self.start("first-frame")
        let snapshot = try #require(demo.pty.firstIndex(of: "SNAPSHOT"), "the first frame was not drawn")
        let query = try #require(demo.pty.firstIndex(of: "\u{1B}[c"), "the probe was not sent")
        #expect(snapshot < query)
        #expect(!demo.pty.screen.text.contains("SNAPSHOT"))
        #expect(demo.pty.screen.text.contains("first=true"), "the session does not say it showed the frame")
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
        try demo.expectRestored()
    }

    @Test("a first frame of another size is not drawn")
    func firstFrameOfAnotherSize() async throws {
        let demo = try await Self.start("first-frame-other-size")
        #expect(demo.pty.firstIndex(of: "SNAPSHOT") == nil)
        #expect(demo.pty.screen.text.contains("first=false"))
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
    }

    @Test("a normal quit restores termios and the screen")
    func normalExit() async throws {
        let demo = try await Self.start("normal")
        demo.pty.type("x")
        #expect(await demo.read(untilScreenShows: "KEY x #1"))
        demo.pty.type("q")
        let end = await demo.end()
        #expect(end.exitCode == 0 && end.signal == nil)
        try demo.expectRestored()
    }

    @Test("SIGTERM arrives as an event; the app quits cleanly and the terminal is restored")
    func sigterm() async throws {
        let demo = try await Self.start("normal")
        kill(demo.pid, SIGTERM)
        #expect(await demo.read(until: "BYE"))  // in the bytes: the screen is left right after
        let end = await demo.end()
        #expect(end.exitCode == 0)
        try demo.expectRestored()
    }

    @Test("a second SIGTERM, when the app ignored the first, restores and dies of the signal")
    func secondSigterm() async throws {
        let demo = try await Self.start("stubborn")
        kill(demo.pid, SIGTERM)
        #expect(await demo.read(untilScreenShows: "IGNORED"))
        kill(demo.pid, SIGTERM)
        let end = await demo.end()
        #expect(end.signal == SIGTERM)
        try demo.expectRestored()
    }

    /// Under ThreadSanitizer fatal signals are its own (see FatalSignals).
    static let fatalSignalsAreOurs = !FatalSignals.underThreadSanitizer

    @Test(
        "a fatal signal restores the terminal from the handler, then the process dies of it",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"))
    func fatalSignal() async throws {
        let demo = try await Self.start("normal")
        kill(demo.pid, SIGSEGV)
        let end = await demo.end()
        #expect(end.signal == SIGSEGV)
        try demo.expectRestored()
    }

    @Test("SIGQUIT arrives as an event like SIGTERM; the app quits cleanly and the terminal is restored")
    func sigquit() async throws {
        let demo = try await Self.start("normal")
        kill(demo.pid, SIGQUIT)
        #expect(await demo.read(until: "BYE"))
        let end = await demo.end()
        #expect(end.exitCode == 0 && end.signal == nil)
        try demo.expectRestored()
    }

    @Test("a second SIGQUIT, when the app ignored the first, restores and dies of SIGQUIT")
    func secondSigquit() async throws {
        let demo = try await Self.start("stubborn")
        kill(demo.pid, SIGQUIT)
        #expect(await demo.read(untilScreenShows: "IGNORED"))
        kill(demo.pid, SIGQUIT)
        let end = await demo.end()
        #expect(end.signal == SIGQUIT)
        try demo.expectRestored()
    }

    @Test(
        "kill -SEGV and kill -ABRT with the Swift backtracer on: restored, reported, and the process dies of the signal",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"), arguments: [SIGSEGV, SIGABRT])
    func fatalSignalSentByAnotherProcess(signal: Int32) async throws {
        let demo = try await Self.start("normal", backtracer: true)
        kill(demo.pid, signal)
        let end = await demo.end()
        #expect(end.signal == signal, "exit \(String(describing: end.exitCode)), signal \(String(describing: end.signal))")
        try demo.expectRestored()
    }

    @Test(
        "a real fault with the Swift backtracer on: restored before the report, and the process dies of SIGSEGV",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"))
    func realFault() async throws {
        let demo = try await Self.start("normal", backtracer: true)
        demo.pty.type("!")
        let end = await demo.end()
        #expect(end.signal == SIGSEGV)
        try demo.expectRestored()
        let restore = demo.pty.firstIndex(of: "\u{1B}[?1049l") ?? Int.max
        let report = demo.pty.firstIndex(of: "crashed") ?? -1
        #expect(report > restore, "the backtracer's report comes after the terminal is restored")
    }

    @Test("SIGWINCH becomes a resize event with the new size")
    func resize() async throws {
        let demo = try await Self.start("normal")
        demo.pty.resize(to: Size(width: 100, height: 30))
        #expect(await demo.read(untilScreenShows: "SIZE 100x30"))
        demo.pty.resize(to: Size(width: 80, height: 24))  // so that `stty -a` compares equal
        #expect(await demo.read(untilScreenShows: "SIZE 80x24"))
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
        try demo.expectRestored()
    }

    @Test("a window reported as 65,535 × 65,535 cells (stty can set one) is drawn in 2,000 × 2,000, and the program goes on")
    func hugeWindow() async throws {
        let demo = try await Self.start("normal")
        // Its frame's cells would have needed 68 GB: the app died of the allocation (SIGABRT).
        demo.pty.resize(to: Size(width: 65_535, height: 65_535))
        #expect(await demo.read(untilScreenShows: "SIZE 2000x2000"))
        demo.pty.resize(to: Size(width: 80, height: 24))
        #expect(await demo.read(untilScreenShows: "SIZE 80x24"))
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
        try demo.expectRestored()
    }

    @Test("Ctrl-Z restores the terminal, stops, and on continue re-enters and redraws")
    func suspend() async throws {
        let demo = try await Self.start("normal")
        let mark = demo.pty.output.count
        demo.pty.type("\u{1A}")
        #expect(await demo.read(until: "\u{1B}[?1049l", after: mark), "restored before stopping")
        // A child in its own session is an orphaned process group, which SIGTSTP does not
        // stop; a shell's job would stop here. SIGCONT is what `fg` sends either way.
        kill(demo.pid, SIGCONT)
        #expect(await demo.read(untilScreenShows: "RESUMED"))
        let reentered = demo.pty.firstIndex(of: "\u{1B}[?1049h", after: mark) ?? -1
        #expect(reentered > (demo.pty.firstIndex(of: "\u{1B}[?1049l", after: mark) ?? Int.max))
        #expect(demo.pty.firstIndex(of: "READY 80x24", after: reentered) != nil, "the last frame is redrawn in full on resume")
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
        try demo.expectRestored()
    }
}
