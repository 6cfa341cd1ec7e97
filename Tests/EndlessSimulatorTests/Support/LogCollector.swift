import Synchronization

/// Collects a server's log lines from its I/O thread for a test to read.
final class LogCollector: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}
