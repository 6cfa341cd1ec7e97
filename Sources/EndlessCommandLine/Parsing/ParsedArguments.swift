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
    var values: [String: [String]]
    /// The flags that were set, by long name.
    var flags: Set<String>
    /// Positional arguments, including everything after `--`.
    public let positionals: [String]
    /// Where values that did not come from the command line came from, by long name: the
    /// config file's lines (``applying(_:root:settings:)``).
    var origins: [String: ValueOrigin] = [:]
    /// The config file's settings that are not flags (`key.quit`), by key, with their lines.
    var settingValues: [String: (text: String, line: Int)] = [:]
    /// The config file read for this run, if any.
    public internal(set) var configFile: ConfigFile?
    /// How an option was written when not by its name (an alias, or an option standing for it),
    /// by long name: messages quote what was typed.
    var spellings: [String: String] = [:]

    init(
        commandPath: [String], options: [OptionDeclaration], values: [String: [String]], flags: Set<String>,
        positionals: [String]
    ) {
        self.commandPath = commandPath
        self.options = options
        self.values = values
        self.flags = flags
        self.positionals = positionals
    }

    /// Whether two parses hold the same command, values, origins and config file.
    public static func == (lhs: ParsedArguments, rhs: ParsedArguments) -> Bool {
        lhs.commandPath == rhs.commandPath && lhs.options == rhs.options && lhs.values == rhs.values
            && lhs.flags == rhs.flags && lhs.positionals == rhs.positionals && lhs.origins == rhs.origins
            && lhs.configFile == rhs.configFile && lhs.spellings == rhs.spellings
            && lhs.settingValues.mapValues { "\($0.line):\($0.text)" } == rhs.settingValues.mapValues { "\($0.line):\($0.text)" }
    }

    /// `"endless fetch"`, as messages name the command.
    public var command: String { commandPath.joined(separator: " ") }

    /// Whether `-h` or `--help` was given.
    public var helpRequested: Bool { flags.contains(CommandDeclaration.help.declaration.name) }

    /// Whether `--version` was given to the program.
    public var versionRequested: Bool { flags.contains(CommandDeclaration.versionFlag.declaration.name) }

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

    /// Whether the option was typed on the command line itself, not set by the config file:
    /// what a rule that refuses a pair of flags reads, since a config file's defaults are for
    /// every run and must not make one refused.
    public func isGivenOnCommandLine(_ option: OptionDeclaration) -> Bool {
        isGiven(option) && origins[option.name] == nil
    }

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
    /// `--results: 0 is out of range` with `allowed: …` as the hint; a value from the config
    /// file says its file and line first.
    public func usageError(_ option: OptionDeclaration, _ error: ValueError) -> UsageError {
        var place = ""
        if case .configFile(let path, let line)? = origins[option.name] { place = "config \(path):\(line): " }
        let flag = spellings[option.name] ?? option.flagText
        return UsageError(
            command: command, message: "\(place)\(flag): \(error.problem)",
            hint: error.allowed.map { "\(flag) takes \($0)" })
    }

    /// The arguments with `source`'s values given to `target` as well, for an option that
    /// stands for another (`--per-page` for the opening tab's `--photos-per-page`). A bad value
    /// is reported as `source`, as typed.
    /// - Throws: ``UsageError`` when both were given: one of them would silently lose.
    public func giving(_ source: OptionDeclaration, to target: OptionDeclaration) throws(UsageError) -> ParsedArguments {
        guard let texts = values[source.name] else { return self }
        if values[target.name] != nil, origins[target.name] == nil {
            throw UsageError(
                command: command, message: "\(source.flagText) and \(target.flagText) both say it", hint: "give one of them")
        }
        var result = self
        result.values[target.name] = texts
        result.origins[target.name] = origins[source.name]
        result.spellings[target.name] = spellings[source.name] ?? source.flagText
        return result
    }

    /// Where the option's value came from: the command line, a config file's line, its
    /// environment variable (when `environment` holds it), or its default.
    public func origin(of option: OptionDeclaration, environment: [String: String] = [:]) -> ValueOrigin {
        if let origin = origins[option.name] { return origin }
        if isGiven(option) { return .commandLine }
        if let name = option.environmentVariable, environment[name]?.isEmpty == false { return .environment(name) }
        return .default
    }

    /// A config file setting's value (`key.quit`), if the file set it.
    public func setting(_ key: String) -> String? {
        settingValues[key]?.text
    }

    /// Where a setting's value came from: a config file's line, or its default.
    public func origin(ofSetting key: String) -> ValueOrigin {
        guard let value = settingValues[key], let path = configFile?.path else { return .default }
        return .configFile(path: path, line: value.line)
    }

    /// The text of the option's values as given (command line or config file), in order; empty
    /// when it was not given, and for a flag.
    public func texts(of option: OptionDeclaration) -> [String] {
        values[option.name] ?? []
    }
}
