/// A command line the program cannot run: exit status 2, with a message naming the bad flag
/// or value and a hint.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command as typed so far, e.g. `"endless fetch"`.
    public let command: String
    /// What is wrong, naming the flag or value: `--results: 0 is out of range …`.
    public let message: String
    /// What to do instead, e.g. `did you mean '--results'?`; nil when the message says it.
    public let hint: String?

    /// Creates a usage error.
    /// - Parameters:
    ///   - command: the command path, e.g. `"endless fetch"`.
    ///   - message: what is wrong.
    ///   - hint: what to do instead.
    public init(command: String, message: String, hint: String? = nil) {
        self.command = command
        self.message = message
        self.hint = hint
    }

    /// Two lines for stderr: the problem, then the hint and where help is.
    public var description: String {
        var text = "\(command): \(message)\n"
        if let hint { text += "hint: \(hint)\n" }
        text += "See '\(command) --help'.\n"
        return text
    }
}
