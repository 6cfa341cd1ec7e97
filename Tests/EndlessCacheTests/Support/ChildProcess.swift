import EndlessTesting
import Foundation

/// This test binary started again as a second process, running one role of ``CacheChild``,
/// the way `swift test` runs it (`--testing-library swift-testing --filter …`).
///
/// The child tells the parent what it did in lines that start with `@cache ` on its standard
/// output (the test library's own lines are ignored). ``Subprocess/Child`` drains the pipe from
/// the start, so the child never blocks on a full pipe. The parent can wait for a line, kill
/// the child with SIGKILL, and read what it said. ``finish()`` (and the handle, when it goes
/// away) kills and reaps the child, so a failing test leaves no process behind.
final class ChildProcess: Sendable {
    static let roleVariable = "ENDLESS_CACHE_CHILD_ROLE"
    static let directoryVariable = "ENDLESS_CACHE_CHILD_DIR"
    static let linePrefix = "@cache "
    /// How long a wait for the child lasts before it gives up: a child that works says what it
    /// has to say, and ends, in about a second.
    static let patience: Duration = .seconds(60)

    /// The role this process plays, when it is a child.
    static var role: String? { ProcessInfo.processInfo.environment[roleVariable] }

    private let child: Subprocess.Child

    /// Starts the child.
    /// - Parameters:
    ///   - role: what it does (a case of ``CacheChild``).
    ///   - directory: the cache folder it works in.
    ///   - environment: more variables for it.
    init(role: String, directory: URL, environment extra: [String: String] = [:]) throws {
        child = try Subprocess.start(
            Subprocess.executablePath(), ["--testing-library", "swift-testing", "--filter", "CacheChild/run"],
            environment: .inherited.setting([Self.roleVariable: role, Self.directoryVariable: directory.path]).setting(extra),
            standardError: .standardOutput)
    }

    deinit { finish() }

    /// Whether the child is still running.
    var isRunning: Bool { child.isRunning }

    /// Waits until the child has said a line that satisfies `condition`, or has exited.
    /// - Parameter condition: tested on each `@cache` line, without the prefix.
    /// - Returns: the first such line, or nil if the child's output ended first (or it kept
    ///   silent for ``patience``).
    func waitForLine(_ condition: @escaping @Sendable (String) -> Bool) async -> String? {
        let prefix = Self.linePrefix
        let line = try? await child.waitForLine(within: Self.patience) { line in
            line.hasPrefix(prefix) && condition(String(line.dropFirst(prefix.count)))
        }
        return line.map { String($0.dropFirst(prefix.count)) }
    }

    /// Waits for the child to exit by itself (killing it after ``patience``).
    /// - Returns: its exit status, every `@cache` line, and all it printed.
    func waitForExit() async -> (status: Int32, lines: [String], output: String) {
        let status = (try? await child.wait(within: Self.patience)) ?? child.exitStatus ?? 128 + SIGKILL
        return (status, lines, output)
    }

    /// Kills the child with SIGKILL, as a crash or `kill -9` would, and reaps it.
    func kill() { child.kill() }

    /// Every `@cache` line so far.
    var lines: [String] {
        // Whole lines only: the last piece has no line feed yet.
        child.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .filter { $0.hasPrefix(Self.linePrefix) }.map { String($0.dropFirst(Self.linePrefix.count)) }
    }

    /// Everything the child printed so far, for failure messages.
    var output: String { child.standardOutput }

    /// Kills the child if it still runs, and reaps it.
    func finish() { kill() }

    /// In the child: says a line to the parent.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((linePrefix + line + "\n").utf8))
    }
}
