import Foundation
import Glibc
import Synchronization

/// This test binary started again as a second process, running one role of ``CacheChild``,
/// the way `swift test` runs it (`--testing-library swift-testing --filter …`).
///
/// The child tells the parent what it did in lines that start with `@cache ` on its standard
/// output (the test library's own lines are ignored). The parent can wait for a line, kill the
/// child with SIGKILL, and read what it said. The child is always killed and reaped by
/// ``finish()``, even when a test fails (call it in a `defer`).
final class ChildProcess: Sendable {
    static let roleVariable = "ENDLESS_CACHE_CHILD_ROLE"
    static let directoryVariable = "ENDLESS_CACHE_CHILD_DIR"
    static let linePrefix = "@cache "

    /// The role this process plays, when it is a child.
    static var role: String? { ProcessInfo.processInfo.environment[roleVariable] }

    private let process: Process
    private let output: FileHandle
    private let buffer = Mutex(LineBuffer())

    struct LineBuffer {
        var pending = Data()
        var lines: [String] = []
        var everything = ""
        var ended = false
    }

    /// Starts the child.
    /// - Parameters:
    ///   - role: what it does (a case of ``CacheChild``).
    ///   - directory: the cache folder it works in.
    ///   - environment: more variables for it.
    init(role: String, directory: URL, environment extra: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = URL(
            fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", "CacheChild/run"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.roleVariable] = role
        environment[Self.directoryVariable] = directory.path
        environment.merge(extra) { $1 }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        output = pipe.fileHandleForReading
        try process.run()
    }

    deinit { finish() }

    /// Waits until the child has said a line that satisfies `condition`, or has exited.
    /// - Parameter condition: tested on each `@cache` line, without the prefix.
    /// - Returns: the first line that satisfied it, or nil if the child exited first.
    func waitForLine(_ condition: @escaping @Sendable (String) -> Bool) async -> String? {
        // Blocking reads belong on a thread of their own, not on the concurrency pool.
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { [self] in
                continuation.resume(returning: readLines(until: condition))
            }
        }
    }

    /// Waits for the child to exit by itself.
    /// - Returns: its exit status, and every line it said.
    func waitForExit() async -> (status: Int32, lines: [String], output: String) {
        _ = await waitForLine { _ in false }
        process.waitUntilExit()
        return buffer.withLock { (process.terminationStatus, $0.lines, $0.everything) }
    }

    /// Kills the child with SIGKILL, as a crash or `kill -9` would, and reaps it.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Everything the child printed so far, for failure messages.
    var transcript: String { buffer.withLock { $0.everything } }

    /// Kills the child if it still runs, and reaps it.
    func finish() {
        kill()
    }

    private func readLines(until condition: (String) -> Bool) -> String? {
        while true {
            let found: String? = buffer.withLock { buffer in
                buffer.lines.first(where: condition)
            }
            if let found { return found }
            if buffer.withLock({ $0.ended }) { return nil }
            let data = output.availableData
            buffer.withLock { buffer in
                if data.isEmpty {
                    buffer.ended = true
                    return
                }
                buffer.everything += String(decoding: data, as: UTF8.self)
                buffer.pending.append(data)
                while let newline = buffer.pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer.pending[buffer.pending.startIndex..<newline], as: UTF8.self)
                    buffer.pending.removeSubrange(buffer.pending.startIndex...newline)
                    if line.hasPrefix(Self.linePrefix) { buffer.lines.append(String(line.dropFirst(Self.linePrefix.count))) }
                }
            }
        }
    }

    /// In the child: says a line to the parent.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((linePrefix + line + "\n").utf8))
    }
}
