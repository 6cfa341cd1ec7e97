import Synchronization

/// A ``CommandOutput`` that keeps every byte written, for tests to compare.
///
/// ```swift
/// let captured = CapturedOutput()
/// let status = await tool.run(["fetch", "-n", "1"], output: captured.output)
/// #expect(captured.standardOutput.hasPrefix("NAME"))
/// ```
public final class CapturedOutput: Sendable {
    private let streams = Mutex<(standardOutput: String, standardError: String)>(("", ""))
    /// The width the output reports, nil for "not a terminal".
    public let terminalColumns: Int?

    /// Creates an empty capture.
    /// - Parameter terminalColumns: the width to report, nil for a pipe.
    public init(terminalColumns: Int? = nil) {
        self.terminalColumns = terminalColumns
    }

    /// The output to hand to a command.
    public var output: CommandOutput {
        CommandOutput(
            terminalColumns: terminalColumns,
            standardOutput: { text in self.streams.withLock { $0.standardOutput += text } },
            standardError: { text in self.streams.withLock { $0.standardError += text } })
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { streams.withLock { $0.standardOutput } }
    /// Everything written to standard error so far.
    public var standardError: String { streams.withLock { $0.standardError } }
}
