import Synchronization

@testable import EndlessApp

/// A ``CommandOutput`` that keeps every byte written, for tests to compare.
final class CapturedOutput: Sendable {
    private let streams = Mutex<(standardOutput: String, standardError: String)>(("", ""))
    let terminalColumns: Int?

    init(terminalColumns: Int? = nil) {
        self.terminalColumns = terminalColumns
    }

    var output: CommandOutput {
        CommandOutput(
            terminalColumns: terminalColumns,
            standardOutput: { text in self.streams.withLock { $0.standardOutput += text } },
            standardError: { text in self.streams.withLock { $0.standardError += text } })
    }

    var standardOutput: String { streams.withLock { $0.standardOutput } }
    var standardError: String { streams.withLock { $0.standardError } }
}
