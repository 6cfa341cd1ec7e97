import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessTerminal

/// A crash in a terminal (issue 24 §7): the terminal is restored, the process ends promptly
/// (no 30-second prompt from the Swift runtime's backtracer), the backtrace is in a file in the
/// state folder (made 0700, the file 0600), and one line on standard error says where.
@Suite("Crash reports in a file", .serialized, .enabled(if: Pseudoterminal.isAvailable, "needs /dev/ptmx"))
struct CrashReportTests {
    /// Under ThreadSanitizer fatal signals are its own (see FatalSignals).
    static let fatalSignalsAreOurs = !FatalSignals.underThreadSanitizer

    /// A fresh folder under /tmp, removed with everything in it when the test ends.
    final class Folder {
        let path: String
        init() throws {
            var template = Array("/tmp/endless-crash-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp: errno \(errno)") }
            path = String(cString: made)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func permissions(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    /// The bound only guards against a hang: the runtime's prompt would wait 30 s, so a child
    /// still running after 25 s is killed and reported as SIGKILL, which fails the test.
    static let hangGuard = Duration.seconds(25)

    @Test(
        "a real fault: restored, the report in the file, one line on standard error, the process dies of SIGSEGV",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"))
    func realFault() async throws {
        let folder = try Folder()
        let report = folder.path + "/state/endless/crash-test.log"
        let demo = try PtySessionTests.DemoProcess(
            mode: "crash-report",
            environment: [
                // What endless sets before the runtime starts, pointed at this test's folder, and
                // without function names: finding them in the whole test bundle takes seconds.
                "SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,symbolicate=off,output-to=\(report)",
                PtyDemo.crashReportVariable: report,
            ], separateStandardError: true)
        try #require(await demo.read(untilScreenShows: "READY 80x24"))
        demo.pty.type("!")
        let end = await demo.end(deadline: Self.hangGuard)
        #expect(end.signal == SIGSEGV, "exit \(String(describing: end.exitCode)), signal \(String(describing: end.signal))")
        try demo.expectRestored()
        // The demo's standard error also carries the test runner's own output.
        let said = demo.standardError().split(separator: "\n").filter { $0.contains("crash") }
        #expect(said == ["demo: crashed (SIGSEGV); the backtrace is in \(report)"])
        #expect(Self.permissions(folder.path + "/state") == 0o700)
        #expect(Self.permissions(folder.path + "/state/endless") == 0o700)
        #expect(Self.permissions(report) == 0o600)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #expect(text.contains("Program crashed: Bad pointer dereference"))
        #expect(text.contains("crashed:\n"), "the crashed thread's backtrace:\n\(text)")
    }

    @Test(
        "without the runtime's backtracer: restored, the line says no backtrace was written and why, no empty file is left",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"))
    func withoutBacktracer() async throws {
        let folder = try Folder()
        let report = folder.path + "/state/endless/crash-test.log"
        let demo = try PtySessionTests.DemoProcess(
            mode: "crash-report-without-backtracer",
            environment: [
                // What the runtime does when it finds no swift-backtrace at start.
                "SWIFT_BACKTRACE": "enable=no",
                PtyDemo.crashReportVariable: report,
            ], separateStandardError: true)
        try #require(await demo.read(untilScreenShows: "READY 80x24"))
        demo.pty.type("!")
        let end = await demo.end(deadline: Self.hangGuard)
        #expect(end.signal == SIGSEGV, "exit \(String(describing: end.exitCode)), signal \(String(describing: end.signal))")
        try demo.expectRestored()
        let said = demo.standardError().split(separator: "\n").filter { $0.contains("crash") }
        #expect(
            said == ["demo: crashed (SIGSEGV); no backtrace was written: the Swift runtime found no swift-backtrace, which belongs beside demo"])
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/state"), "no folder or file made for a report that cannot come")
    }

    @Test("the runtime's lookup finds the toolchain's backtracer for the tests, linked to the shared runtime")
    func backtracerFoundHere() {
        #expect(CrashReport.runtimeFindsBacktracer())
    }

    @Test("the setting is lent an environment entry only while the libraries load: children see the entry back, not the setting")
    func environmentGivenBack() async throws {
        let binary = try Self.endlessBinary()
        let folder = try Folder()
        // A tmux that writes down the environment it was started with: endless asks tmux
        // about its pane when TMUX says it runs inside it.
        let script = "#!/bin/sh\nenv > \(folder.path)/seen\necho 0\n"
        try #require(
            FileManager.default.createFile(atPath: folder.path + "/tmux", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        let environment =
            [
                "HOME=\(folder.path)", "XDG_STATE_HOME=\(folder.path)/state", "XDG_CACHE_HOME=\(folder.path)/cache", "TERM=xterm-256color",
                "PATH=\(folder.path):/usr/bin:/bin", "SHLVL=1", "_=\(binary)", "TMUX=/tmp/endless-no-such-tmux,1,0", "TMUX_PANE=%1",
            ] + Self.sanitizerOptions
        let demo = try PtySessionTests.DemoProcess(arguments: [binary, "--no-cache", "--graphics", "none"], environment: environment)
        try #require(await demo.read(untilScreenShows: "people · page 1"), "endless did not start: \(demo.pty.screen.text)")
        demo.pty.type("q")
        let end = await demo.end(deadline: Self.hangGuard)
        #expect(end.exitCode == 0, "ended with \(end): \(demo.standardError())")
        let seen = try String(contentsOfFile: folder.path + "/seen", encoding: .utf8).split(separator: "\n")
        #expect(seen.contains("_=\(binary)"), "the lent entry is back: \(seen)")
        #expect(seen.contains("SHLVL=1"))
        #expect(!seen.contains { $0.hasPrefix("SWIFT_BACKTRACE=") }, "\(seen)")
    }

    /// Under `make tsan` the child is built with the sanitizer too. Given an environment of its
    /// own, it must be given the suite's suppressions as well (scripts/tsan/suppressions.txt:
    /// Synchronization.Mutex, which the sanitizer cannot see), or it reports those and exits
    /// with 66 whenever two threads happen to take a lock in the short run.
    static var sanitizerOptions: [String] {
        ProcessInfo.processInfo.environment["TSAN_OPTIONS"].map { ["TSAN_OPTIONS=\($0)"] } ?? []
    }

    static func endlessBinary() throws -> String {
        let binary = URL(fileURLWithPath: Subprocess.executablePath()).deletingLastPathComponent().appendingPathComponent("endless").path
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build the endless binary first")
        return binary
    }

    @Test(
        "kill -SEGV on the real endless: restored, ended at once, the report in $XDG_STATE_HOME/endless, one line naming it",
        .enabled(if: fatalSignalsAreOurs, "ThreadSanitizer handles fatal signals"))
    func killedEndless() async throws {
        let binary = try Self.endlessBinary()
        let folder = try Folder()
        let state = folder.path + "/state"
        // No SWIFT_BACKTRACE: endless sets it itself before the runtime starts.
        let environment = [
            "HOME=\(folder.path)", "XDG_STATE_HOME=\(state)", "XDG_CACHE_HOME=\(folder.path)/cache", "TERM=xterm-256color",
            "PATH=/usr/bin:/bin", "SHLVL=1",
        ]
        let demo = try PtySessionTests.DemoProcess(
            arguments: [binary, "--no-cache", "--graphics", "none"], environment: environment, separateStandardError: true)
        try #require(await demo.read(untilScreenShows: "people · page 1"), "endless did not start: \(demo.pty.screen.text)")
        kill(demo.pid, SIGSEGV)
        let end = await demo.end(deadline: Self.hangGuard)
        #expect(end.signal == SIGSEGV, "exit \(String(describing: end.exitCode)), signal \(String(describing: end.signal))")
        try demo.expectRestored()

        let said = demo.standardError()
        let lines = said.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count == 2 && lines[1].isEmpty, "one line on standard error, not:\n\(said)")
        let saying = "endless: crashed (SIGSEGV); the backtrace is in "
        try #require(lines[0].hasPrefix(saying + state + "/endless/crash-"), "\(said)")
        let report = String(lines[0].dropFirst(saying.count))
        #expect(report.hasSuffix(".log"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: state + "/endless") == [URL(fileURLWithPath: report).lastPathComponent])
        #expect(Self.permissions(state + "/endless") == 0o700)
        #expect(Self.permissions(report) == 0o600)
        let text = try String(contentsOfFile: report, encoding: .utf8)
        #expect(text.contains("Program crashed"))
        // A signal sent with kill lands on any thread that does not block it.
        #expect(text.contains("\" crashed:\n"), "the thread it struck: \(text.prefix(2000))")
        #expect(text.contains(" in libc.so.6"), "frames are named: \(text.prefix(2000))")
        // The runtime's own progress lines went nowhere.
        #expect(!demo.pty.contains("Backtracing"))
    }
}
