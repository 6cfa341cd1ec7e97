/// The result of parsing: which command was chosen and the text of every option given.
///
/// Read an option with `parsed[option]`: its value converted to the option's type, or its
/// default when it was not given; a flag with `parsed[flag]`. Values stay text until read, so a
/// conversion error names the option it came from. Nothing is read by name: the declaration
/// is the key.
public struct ParsedArguments: Sendable, Equatable {
    /// An option that was given, with its text: what a command line's key is made of.
    public struct GivenOption: Sendable, Equatable {
        /// The option.
        public let declaration: OptionDeclaration
        /// Its values as typed, in order; empty for a flag.
        public let texts: [String]
    }

    /// The command words, from the program name down: `["endless", "fetch"]`.
    public let commandPath: [String]
    /// The chosen command's options, `--help` included.
    let options: [OptionDeclaration]
    /// Each option's values by long name, in the order given.
    let values: [String: [String]]
    /// The flags that were set, by long name.
    let flags: Set<String>
    /// Positional arguments, including everything after `--`.
    public let positionals: [String]

    /// `"endless fetch"`, as messages name the command.
    public var command: String { commandPath.joined(separator: " ") }

    /// Whether `-h` or `--help` was given.
    public var helpRequested: Bool { flags.contains(CommandDeclaration.help.declaration.name) }

    /// Whether a flag was given.
    public subscript(flag: Flag) -> Bool { flags.contains(flag.declaration.name) }

    /// The option's value converted to its type, or its default when it was not given; for a
    /// repeatable option, the last value (``all(_:)`` has every one).
    /// - Throws: ``UsageError`` naming the option when the text does not convert.
    public subscript<Value>(option: Option<Value>) -> Value {
        get throws(UsageError) {
            guard let text = values[option.declaration.name]?.last else { return option.defaultValue }
            return try convert(text, with: option)
        }
    }

    /// Every value of a repeatable option, converted, in the order given; empty when it was not given.
    /// - Throws: ``UsageError`` naming the option for the first text that does not convert.
    public func all<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var result: [Value] = []
        for text in values[option.declaration.name] ?? [] {
            result.append(try convert(text, with: option))
        }
        return result
    }

    /// Whether the option or flag was given on the command line (rather than left to its default).
    public func isGiven(_ option: OptionDeclaration) -> Bool {
        values[option.name] != nil || flags.contains(option.name)
    }

    /// Whether the option was given on the command line (rather than left to its default).
    public func isGiven<Value>(_ option: Option<Value>) -> Bool { isGiven(option.declaration) }

    /// Every option and flag given, in declaration order, with the text of its values.
    public var given: [GivenOption] {
        options.compactMap { option in
            if let texts = values[option.name] { return GivenOption(declaration: option, texts: texts) }
            return flags.contains(option.name) ? GivenOption(declaration: option, texts: []) : nil
        }
    }

    private func convert<Value>(_ text: String, with option: Option<Value>) throws(UsageError) -> Value {
        do {
            return try option.value(of: text)
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
