/// The result of parsing: which command was chosen and the raw text of every option given.
///
/// Values stay text until a typed getter asks for them, so a conversion error names the
/// option it came from.
public struct ParsedArguments: Sendable, Equatable {
    /// The command words, from the program name down: `["endless", "fetch"]`.
    public let commandPath: [String]
    /// Each option's values by long name, in the order given.
    public let values: [String: [String]]
    /// The flags that were set, by long name.
    public let flags: Set<String>
    /// Positional arguments, including everything after `--`.
    public let positionals: [String]

    /// `"endless fetch"`, as messages name the command.
    public var command: String { commandPath.joined(separator: " ") }

    /// Whether `-h` or `--help` was given.
    public var helpRequested: Bool { flags.contains(CommandDeclaration.help.declaration.name) }

    /// Whether a flag was given.
    public func isSet(_ flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

    /// The option's value converted to its type; nil when the option was not given.
    /// - Throws: ``UsageError`` naming the option when the text does not convert.
    public func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = values[option.declaration.name]?.last else { return nil }
        return try convert(text, with: option)
    }

    /// Every value of a repeatable option, converted, in the order given.
    /// - Throws: ``UsageError`` naming the option for the first text that does not convert.
    public func allValues<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in values[option.declaration.name] ?? [] {
            result.append(try convert(text, with: option))
        }
        return result
    }

    private func convert<Value>(_ text: String, with option: Option<Value>) throws(UsageError) -> Value {
        do {
            return try option.convert(text)
        } catch {
            throw usageError(option.declaration, error)
        }
    }

    /// A usage error for `option`, in the form every bad value uses:
    /// `--results: 0 is out of range` with `allowed: …` as the hint.
    public func usageError(_ option: OptionDeclaration, _ error: ValueError) -> UsageError {
        UsageError(
            command: command, message: "\(option.flagText): \(error.problem)",
            hint: error.allowed.map { "\(option.flagText) takes \($0)" })
    }
}
