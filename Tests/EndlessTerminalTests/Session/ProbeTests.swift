import EndlessTerminal
import Glibc
import Testing

/// The capability probe end to end: the demo opens a session in a child process on a pty,
/// the test answers its queries as a given terminal would (or does not), and the demo shows
/// what the session found.
@Suite("Terminal probe on a pty", .serialized, .enabled(if: Pseudoterminal.isAvailable, "needs /dev/ptmx"))
struct ProbeTests {
    struct Found {
        var fields: [String: String]
        subscript(_ name: String) -> String? { fields[name] }
    }

    /// A folder with a `tmux` that prints what `tmux display-message -p` would, for the pane.
    final class FakeTmux {
        let folder: String
        init(answer: String) throws {
            var template = Array("/tmp/endless-fake-tmux-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp: errno \(errno)") }
            folder = String(cString: made)
            let script = "#!/bin/sh\necho '\(answer)'\n"
            let path = folder + "/tmux"
            let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o755)
            guard file >= 0 else { throw TestFailure("create \(path): errno \(errno)") }
            _ = Array(script.utf8).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            close(file)
        }
        deinit {
            unlink(folder + "/tmux")
            rmdir(folder)
        }
        var environment: [String: String] {
            [
                "PATH": folder + ":" + (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"), "TMUX": "/tmp/fake-tmux-socket,1,0",
                "TMUX_PANE": "%1",
            ]
        }
    }

    /// Starts the demo, answers its probe, and reads what it found.
    private func probe(
        direct: FarEnd, outer: FarEnd? = nil, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (found: Found, demo: PtySessionTests.DemoProcess) {
        let demo = try PtySessionTests.DemoProcess(mode: direct.deviceAttributes == nil ? "caps-silent" : "caps", environment: environment)
        // The queries end with DA1 (CSI c); answer everything written up to it.
        try #require(
            await demo.answer(after: "\u{1B}[c") { FarEnd.answers(to: $0.output, direct: direct, outer: outer) }, "the probe was not sent",
            sourceLocation: sourceLocation)
        try #require(await demo.read(untilScreenShows: " END"), "no capabilities shown: \(demo.pty.screen.text)", sourceLocation: sourceLocation)
        let line = demo.pty.screen.text.split(separator: "\n").first { $0.contains("CAPS") } ?? ""
        var fields: [String: String] = [:]
        for part in line.split(separator: " ") where part.contains("=") {
            let pair = part.split(separator: "=", maxSplits: 1)
            fields[String(pair[0])] = String(pair[1])
        }
        return (Found(fields: fields), demo)
    }

    private func quit(_ demo: PtySessionTests.DemoProcess) async throws {
        demo.pty.type("q")
        #expect(await demo.end().exitCode == 0)
        try demo.expectRestored()
    }

    @Test("xterm -ti vt340: sixel from DA1, the cell size from CSI 16 t")
    func xterm() async throws {
        let (found, demo) = try await probe(direct: .xtermVT340)
        #expect(found["m"] == "sixel")
        #expect(found["s"] == "true" && found["k"] == "false")
        #expect(found["c"] == "9x18")
        #expect(found["n"] == "XTerm(379)")
        #expect(found["t"] == "false")
        try await quit(demo)
    }

    @Test("foot: sixel")
    func foot() async throws {
        let (found, demo) = try await probe(direct: .foot)
        #expect(found["m"] == "sixel")
        #expect(found["c"] == "11x24")
        #expect(found["n"] == "foot(1.16.2)")
        try await quit(demo)
    }

    @Test("kitty: the kitty protocol, preferred")
    func kitty() async throws {
        let (found, demo) = try await probe(direct: .kitty)
        #expect(found["m"] == "kitty")
        #expect(found["k"] == "true")
        #expect(found["c"] == "10x21")
        try await quit(demo)
        #expect(demo.pty.contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"), "kitty images are deleted when the terminal is given back")
    }

    @Test("a terminal that answers nothing: symbols, no cell size, and the session starts anyway")
    func silent() async throws {
        let (found, demo) = try await probe(direct: .silent)
        #expect(found["m"] == "symbols")
        #expect(found["c"] == "none")
        #expect(found["n"] == "none")
        try await quit(demo)
    }

    @Test("answers that arrive after the deadline are swallowed, never taken as keys")
    func lateAnswers() async throws {
        let (found, demo) = try await probe(direct: .silent)
        #expect(found["m"] == "symbols")
        let late = FarEnd.answers(to: demo.pty.output, direct: .kitty, outer: nil)
        #expect(!late.isEmpty)
        demo.pty.type(String(decoding: late, as: UTF8.self) + "x")
        #expect(await demo.read(untilScreenShows: "KEY x #1"), "only x is a key: \(demo.pty.screen.text)")
        try await quit(demo)
    }

    @Test("tmux with passthrough over kitty: the outer terminal is asked through tmux, pictures go through it at the pane's place")
    func tmuxPassthroughKitty() async throws {
        let tmux = try FakeTmux(answer: "1 3 5 on top XTerm(379)")
        let (found, demo) = try await probe(direct: .tmux, outer: .kitty, environment: tmux.environment)
        #expect(found["m"] == "kitty")
        #expect(found["t"] == "true")
        #expect(found["p"] == "5,4", "pane at column 5, row 3, under a status line at the top")
        #expect(found["c"] == "10x21", "the outer terminal's cell size, asked through tmux")
        #expect(demo.pty.contains("\u{1B}Ptmux;\u{1B}\u{1B}_G"), "the kitty query went out wrapped")
        #expect(
            demo.pty.occurrences(of: "\u{1B}_Gi=31") == demo.pty.occurrences(of: "\u{1B}\u{1B}_Gi=31"),
            "and only wrapped: tmux takes an APC string for the pane's title")
        try await quit(demo)
        #expect(demo.pty.contains(TmuxPassthrough.wrap(Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8)), after: 0))
    }

    @Test("tmux with passthrough over foot: sixel through tmux")
    func tmuxPassthroughSixel() async throws {
        let tmux = try FakeTmux(answer: "1 0 0 on bottom foot(1.16.2)")
        let (found, demo) = try await probe(direct: .tmux, outer: .foot, environment: tmux.environment)
        #expect(found["m"] == "sixel")
        #expect(found["p"] == "0,0")
        try await quit(demo)
    }

    @Test("tmux without passthrough: symbols, whatever the environment says of the terminal that started tmux")
    func tmuxWithoutPassthrough() async throws {
        let tmux = try FakeTmux(answer: "0 0 0 on bottom kitty(0.35.2)")
        var environment = tmux.environment
        environment["KITTY_WINDOW_ID"] = "1"
        environment["TERM_PROGRAM"] = "kitty"
        environment["TERM"] = "xterm-kitty"
        let (found, demo) = try await probe(direct: .tmux, outer: .kitty, environment: environment)
        #expect(found["m"] == "symbols")
        #expect(found["t"] == "true")
        #expect(found["p"] == "none")
        #expect(!demo.pty.contains("\u{1B}Ptmux;"), "nothing is wrapped when tmux would drop it")
        try await quit(demo)
    }

    @Test("tmux found by its answer alone (over ssh, no TMUX): asked again through its passthrough")
    func tmuxByAnswer() async throws {
        let demo = try PtySessionTests.DemoProcess(mode: "caps")
        try #require(await demo.answer(after: "\u{1B}[c") { FarEnd.answers(to: $0.output, direct: .tmux, outer: nil) })
        // The second round, wrapped, ends with the sixel query.
        try #require(
            await demo.answer(after: "\u{1B}\u{1B}[?1;1;0S") { pty in
                let second = Array(pty.output[(pty.firstIndex(of: "\u{1B}Ptmux;") ?? 0)...])
                return FarEnd.answers(to: second, direct: .silent, outer: .kitty)
            }, "no second round")
        try #require(await demo.read(untilScreenShows: " END"))
        let line = demo.pty.screen.text
        #expect(line.contains("m=kitty") && line.contains("t=true") && line.contains("p=0,0"), "\(line)")
        try await quit(demo)
    }
}
