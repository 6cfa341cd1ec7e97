import Foundation

/// Where a command writes, and how wide the terminal is: the seam that lets tests capture
/// every byte a command prints.
public struct CommandOutput: Sendable {
    /// Writes to standard output, unchanged.
    public let standardOutput: @Sendable (String) -> Void
    /// Writes to standard error, unchanged.
    public let standardError: @Sendable (String) -> Void
    /// The terminal's width in columns when standard output is a terminal; nil when it is a
    /// pipe or a file.
    public let terminalColumns: Int?

    /// Creates an output.
    /// - Parameters:
    ///   - terminalColumns: the terminal width, or nil when output is not a terminal.
    ///   - standardOutput: receives what the command prints.
    ///   - standardError: receives diagnostics.
    public init(
        terminalColumns: Int?, standardOutput: @escaping @Sendable (String) -> Void,
        standardError: @escaping @Sendable (String) -> Void
    ) {
        self.terminalColumns = terminalColumns
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's stdout and stderr, unbuffered, with the width of the terminal on stdout
    /// (`TIOCGWINSZ`) when it is one.
    public static var standard: CommandOutput {
        CommandOutput(
            terminalColumns: TerminalSize.columns(ofDescriptor: STDOUT_FILENO),
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }
}
