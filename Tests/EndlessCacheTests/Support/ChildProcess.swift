import EndlessTesting
import Foundation
import Glibc
import Synchronization

/// This test binary started again as a second process, running one role of ``CacheChild``,
/// the way `swift test` runs it (`--testing-library swift-testing --filter …`).
///
/// The child tells the parent what it did in lines that start with `@cache ` on its standard
/// output (the test library's own lines are ignored). A thread drains the pipe from the start,
/// so the child never blocks on a full pipe. The parent can wait for a line, kill the child
/// with SIGKILL, and read what it said. ``finish()`` (also run on deinit) kills and reaps the
/// child, so a failing test leaves no process behind.
final class ChildProcess: Sendable {
    static let roleVariable = "ENDLESS_CACHE_CHILD_ROLE"
    static let directoryVariable = "ENDLESS_CACHE_CHILD_DIR"
    static let linePrefix = "@cache "

    /// The role this process plays, when it is a child.
    static var role: String? { ProcessInfo.processInfo.environment[roleVariable] }

    private struct Waiter {
        let condition: @Sendable (String) -> Bool
        let continuation: CheckedContinuation<String?, Never>
    }

    private struct Transcript {
        var pending = Data()
        var lines: [String] = []
        var everything = ""
        var ended = false
        var waiters: [Waiter] = []
    }

    private let process: Process
    private let transcript = Mutex(Transcript())

    /// Starts the child.
    /// - Parameters:
    ///   - role: what it does (a case of ``CacheChild``).
    ///   - directory: the cache folder it works in.
    ///   - environment: more variables for it.
    init(role: String, directory: URL, environment extra: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: Subprocess.executablePath())
        process.arguments = ["--testing-library", "swift-testing", "--filter", "CacheChild/run"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.roleVariable] = role
        environment[Self.directoryVariable] = directory.path
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading
        // Blocking reads belong on a thread of their own, not on the concurrency pool.
        Thread.detachNewThread { [self] in drain(output) }
    }

    deinit { finish() }

    /// Whether the child is still running.
    var isRunning: Bool { process.isRunning }

    /// Waits until the child has said a line that satisfies `condition`, or has exited.
    /// - Parameter condition: tested on each `@cache` line, without the prefix.
    /// - Returns: the first such line, or nil if the child's output ended first.
    func waitForLine(_ condition: @escaping @Sendable (String) -> Bool) async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = transcript.withLock { transcript in
                if let line = transcript.lines.first(where: condition) { return .some(line) }
                if transcript.ended { return .some(nil) }
                transcript.waiters.append(Waiter(condition: condition, continuation: continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Waits for the child to exit by itself.
    /// - Returns: its exit status, every `@cache` line, and all it printed.
    func waitForExit() async -> (status: Int32, lines: [String], output: String) {
        _ = await waitForLine { _ in false }
        process.waitUntilExit()
        return transcript.withLock { (process.terminationStatus, $0.lines, $0.everything) }
    }

    /// Kills the child with SIGKILL, as a crash or `kill -9` would, and reaps it.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Every `@cache` line so far.
    var lines: [String] { transcript.withLock { $0.lines } }

    /// Everything the child printed so far, for failure messages.
    var output: String { transcript.withLock { $0.everything } }

    /// Kills the child if it still runs, and reaps it.
    func finish() { kill() }

    private func drain(_ output: FileHandle) {
        while true {
            let data = output.availableData
            let resumed: [(CheckedContinuation<String?, Never>, String?)] = transcript.withLock { transcript in
                if data.isEmpty {
                    transcript.ended = true
                } else {
                    transcript.everything += String(decoding: data, as: UTF8.self)
                    transcript.pending.append(data)
                    while let newline = transcript.pending.firstIndex(of: 0x0A) {
                        let line = String(decoding: transcript.pending[transcript.pending.startIndex..<newline], as: UTF8.self)
                        transcript.pending.removeSubrange(transcript.pending.startIndex...newline)
                        if line.hasPrefix(Self.linePrefix) { transcript.lines.append(String(line.dropFirst(Self.linePrefix.count))) }
                    }
                }
                var resumed: [(CheckedContinuation<String?, Never>, String?)] = []
                let (lines, ended) = (transcript.lines, transcript.ended)
                transcript.waiters.removeAll { waiter in
                    if let line = lines.first(where: waiter.condition) {
                        resumed.append((waiter.continuation, line))
                        return true
                    }
                    if ended {
                        resumed.append((waiter.continuation, nil))
                        return true
                    }
                    return false
                }
                return resumed
            }
            for (continuation, line) in resumed { continuation.resume(returning: line) }
            if data.isEmpty { return }
        }
    }

    /// In the child: says a line to the parent.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((linePrefix + line + "\n").utf8))
    }
}
