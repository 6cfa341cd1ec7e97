import EndlessTesting
import Foundation
import Glibc
import Testing

/// A real terminal for end-to-end tests: a tmux pane on a private server, running a shell
/// command, read back with `capture-pane` as a person would see it.
///
/// Waiting is driven by the program's output, not by sleeping: everything the pane's program
/// writes is copied (`pipe-pane`) into a FIFO, and ``wait(for:timeout:until:)`` blocks in
/// `poll()` on that FIFO, looking at the screen again whenever output arrives (and at least
/// every 250 ms, since tmux may draw a moment after it copies), until the condition holds or
/// the timeout passes (then the test fails with the screen in the message).
final class TmuxSession {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let socket: String
    let name = "e2e"
    let directory: URL
    private let fifo: String
    private var reader: Int32 = -1

    /// Starts a shell command in a `width`×`height` pane with `environment`.
    ///
    /// The session cleans up after itself even when the test fails or its process dies: the
    /// deinit kills the tmux server, and a watcher started with the command kills it too when
    /// the test process is gone. `XDG_CACHE_HOME` points into the session's own folder (removed
    /// with it) unless `environment` sets it.
    /// - Parameter command: makes the command from the session's private directory (for
    ///   files the test reads afterwards).
    init(
        width: Int = 100, height: Int = 30, environment: [String: String] = [:], command: (URL) -> String
    ) throws {
        guard Self.tmuxPath != nil else {
            throw Failure(description: "tmux is not installed: run `make deps` (it installs tmux for these tests)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = "endless-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        fifo = directory.appendingPathComponent("output.fifo").path
        guard mkfifo(fifo, 0o600) == 0 else { throw Failure(description: "mkfifo failed: \(errno)") }
        // Open our end first without blocking, so tmux's writer never waits for a reader.
        reader = open(fifo, O_RDONLY | O_NONBLOCK)
        guard reader >= 0 else { throw Failure(description: "cannot open the FIFO: \(errno)") }

        var arguments = ["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height)]
        let defaults = ["TERM": "xterm-256color", "XDG_CACHE_HOME": directory.appendingPathComponent("cache").path]
        for (key, value) in environment.merging(defaults, uniquingKeysWith: { mine, _ in mine }) {
            arguments += ["-e", "\(key)=\(value)"]
        }
        // `tail --pid` returns when the test process exits, however it exits.
        let tmuxCommand = "\(Self.tmuxPath ?? "tmux") -L \(socket) -f /dev/null kill-server"
        let watcherFile = directory.appendingPathComponent("watcher.pid").path
        let watcher = "{ tail --pid=\(getpid()) -f /dev/null; \(tmuxCommand); } >/dev/null 2>&1 & echo $! > \(watcherFile);"
        arguments += ["\(watcher) \(command(directory))"]
        try tmux(arguments)
        // Output written before the pipe exists is not lost to the tests: the screen is read
        // from tmux; the pipe only wakes the waits.
        try tmux(["pipe-pane", "-o", "-t", name, "cat >> \(fifo)"])
    }

    deinit {
        // The pane's processes end with it, not only the server: `script` keeps running, and
        // its child with it, when the terminal it was started in goes away (a failed test left
        // an `endless --offline` under `script` running for an hour).
        if let text = try? format("#{pane_pid}"), let shell = pid_t(text), shell > 1 { kill(-shell, SIGTERM) }
        _ = try? tmux(["kill-server"])
        // The watcher is only for a test process that dies before this runs.
        if let text = try? String(contentsOf: directory.appendingPathComponent("watcher.pid"), encoding: .utf8),
            let watcher = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(watcher, SIGTERM)
        }
        if reader >= 0 { close(reader) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// What the pane shows now, one string per line.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// A tmux format value for the pane, e.g. `#{alternate_on}` or `#{pane_dead}`.
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends keys by tmux name (`Enter`, `Escape`, `j`, `PageDown`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Sends bytes as typed, e.g. a mouse wheel sequence `ESC [ < 64 ; 10 ; 5 M`.
    func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Waits until `condition` holds for the screen, re-checking as output arrives.
    /// - Returns: the screen that satisfied it.
    /// - Throws: ``Failure`` with the last screen when `timeout` passes first.
    @discardableResult
    func wait(
        for what: String, timeout: Duration = .seconds(15), until condition: (String) throws -> Bool
    ) throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = try self.screen()
        while try !condition(screen) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                throw Failure(description: "timed out waiting for \(what); the screen was:\n\(screen)")
            }
            drainOutput(waitingUpTo: min(left, .milliseconds(250)))
            screen = try self.screen()
        }
        return screen
    }

    /// Blocks until the program writes something (or `limit` passes), and discards it: the
    /// screen is read from tmux, which has already drawn it.
    private func drainOutput(waitingUpTo limit: Duration) {
        var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(limit.components.seconds * 1000 + limit.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, max(1, milliseconds)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while read(reader, &buffer, buffer.count) > 0 {}
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let path = Self.tmuxPath else { throw Failure(description: "tmux is not installed") }
        // `new-session` starts the tmux server, which inherits the client's output: a pipe
        // there would never reach end of file. Only commands that print are captured.
        let prints = ["capture-pane", "display-message"].contains(arguments.first ?? "")
        let (status, text) = try Subprocess.run(path, ["-L", socket, "-f", "/dev/null"] + arguments, capturing: prints)
        guard status == 0 || arguments.first == "kill-server" else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    static let tmuxPath: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// `text` as one single-quoted shell word.
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
