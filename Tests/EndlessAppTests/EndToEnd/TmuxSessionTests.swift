import EndlessTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tmux sessions of the end-to-end tests leave nothing running when they go, whatever the
/// test did before.
@Suite("tmux sessions of the end-to-end tests", .timeLimit(TimeBudget.minutes(1)))
struct TmuxSessionTests {
    @Test("a program under script(1), which outlives the terminal it started in, ends with the session")
    func scriptEndsWithTheSession() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The program holds the write end of a FIFO: its end is the read end's hang-up, an
        // event to wait for rather than a process table to poll.
        let fifo = folder.appendingPathComponent("alive").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let pidFile = folder.appendingPathComponent("pid").path
        var session: TmuxSession? = try TmuxSession { _ in
            "script -q -c 'exec 3>\(fifo); echo $$ > \(pidFile); echo started; exec sleep 600' /dev/null"
        }
        try session?.wait(for: "the program under script") { $0.contains("started") }
        let program = pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
        session = nil  // the session goes, as at the end of a test that failed before quitting
        var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(10_000 * TimeBudget.scale)
        let ended = poll(&descriptor, 1, milliseconds) == 1 && descriptor.revents & Int16(POLLHUP) != 0
        #expect(ended, "the program under script still runs after its session went")
        if !ended, let program { kill(program, SIGKILL) }
    }
}
