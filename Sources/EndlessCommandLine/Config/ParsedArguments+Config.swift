extension ParsedArguments {
    /// The command line with a config file's flags and settings under it: each flag the chosen
    /// command takes, and the command line did not give, is set as the file says (the command
    /// line wins); a flag only another command takes is skipped, so one file serves every
    /// command; anything else is refused, naming the file and the line.
    ///
    /// Values stay text until read, as on the command line; a value that does not convert is
    /// refused when read, in a message that names the file and the line (``usageError(_:_:)``).
    /// - Parameters:
    ///   - config: the file.
    ///   - root: the program's declaration, to tell a flag of another command from a typo.
    ///   - settings: the settings a file may give besides flags (`key.quit`).
    /// - Returns: the arguments with the file applied.
    /// - Throws: ``ConfigError`` for a flag no command takes, a value given to a switch or left
    ///   out for an option that needs one, a flag set twice, or a setting nobody declared or whose
    ///   value is wrong.
    public func applying(
        _ config: ConfigFile, root: CommandDeclaration, settings: [SettingDeclaration] = []
    ) throws(ConfigError) -> ParsedArguments {
        var result = self
        result.configFile = config
        let everyOption = root.optionsInTree
        var setOnLine: [String: Int] = [:]
        func fail(_ line: Int, _ message: String, hint: String? = nil) -> ConfigError {
            ConfigError(path: config.path, line: line, message: message, hint: hint)
        }
        for entry in config.entries {
            switch entry.content {
            case .setting(let key, let value):
                guard let declaration = settings.first(where: { $0.key == key }) else {
                    let prefixes = Array(Set(settings.map { $0.key.prefix { $0 != "." } + "." })).sorted()
                    let hint =
                        Suggestions.closest(to: key, in: settings.map(\.key)).map { "did you mean '\($0)'?" }
                        ?? (settings.isEmpty
                            ? "this program has no settings besides flags"
                            : "its settings are \(prefixes.map { "\($0)…" }.joined(separator: ", ")); `config --help` lists them")
                    throw fail(entry.line, "unknown setting '\(key)'", hint: hint)
                }
                if let earlier = setOnLine[key] { throw fail(entry.line, "'\(key)' is already set on line \(earlier)") }
                do throws(ValueError) {
                    try declaration.validate(value)
                } catch {
                    throw fail(entry.line, "\(key): \(error.problem)", hint: error.allowed.map { "\(key) takes \($0)" })
                }
                setOnLine[key] = entry.line
                result.settingValues[key] = (value, entry.line)
            case .option(let name, let value):
                let flagText = "--\(name)"
                if name == ConfigOptions.configName || name == ConfigOptions.noConfig.declaration.name
                    || name == CommandDeclaration.help.declaration.name || name == CommandDeclaration.versionFlag.declaration.name
                {
                    throw fail(entry.line, "\(flagText) belongs on the command line, not in a config file")
                }
                guard let option = options.first(where: { $0.isNamed(name) }) else {
                    if everyOption.contains(where: { $0.isNamed(name) }) { continue }  // another command's flag
                    let names = Array(Set(everyOption.map(\.flagText))).sorted()
                    throw fail(
                        entry.line, "unknown option '\(flagText)'",
                        hint: Suggestions.closest(to: flagText, in: names).map { "did you mean '\($0)'?" })
                }
                if let earlier = setOnLine[option.name], !option.isRepeatable {
                    throw fail(entry.line, "\(option.flagText) is already set on line \(earlier)")
                }
                setOnLine[option.name] = entry.line
                // The command line wins: it was typed for this run.
                if isGiven(option) { continue }
                switch option.kind {
                case .flag:
                    if let value {
                        throw fail(
                            entry.line, "\(option.flagText) is a switch and takes no value (got '\(value)')",
                            hint: "write \(option.flagText) alone")
                    }
                    result.flags.insert(option.name)
                case .value(let placeholder):
                    guard let value, !value.isEmpty else {
                        throw fail(entry.line, "\(option.flagText) needs a value", hint: "write \(option.flagText)=\(placeholder)")
                    }
                    result.values[option.name, default: []].append(value)
                case .optionalValue:
                    result.values[option.name, default: []].append(value ?? "")
                }
                result.origins[option.name] = .configFile(path: config.path, line: entry.line)
            }
        }
        return result
    }
}
