/// A small, strict command-line parser, written here because no outside package can be had.
///
/// Accepts subcommands, `--name value`, `--name=value`, `-n value`, `-n3`, boolean flags, options whose
/// value may be left out (`--live`, `--live 30`) and `--`
/// (everything after it is positional). Refuses, with a ``UsageError`` that names the
/// argument: unknown options (with a "did you mean"), a missing value, a value given to a
/// flag, an option repeated that is not repeatable, and positionals a command does not take.
///
/// Parsing only checks the shape of the command line; typed values are converted when a
/// command reads them (`parsed[option]`), so each command owns its rules.
public enum ArgumentParser {
    /// Parses `arguments` (without the program name) against `root`.
    ///
    /// Picks the subcommand named by the first argument, or `root.defaultSubcommand` when the
    /// first argument is an option; `--help` before any subcommand asks for the root's help.
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - root: the program's declaration.
    /// - Returns: the chosen command path, options and positionals.
    /// - Throws: ``UsageError`` for anything the declarations do not allow.
    public static func parse(_ arguments: [String], for root: CommandDeclaration) throws(UsageError) -> ParsedArguments {
        var command = root
        var path = [root.name]
        var rest = arguments[...]
        // Options a group declares itself, which every command below it takes too (`--config`),
        // may come before the command: they are carried to it.
        var carried: [String] = []
        while !command.subcommands.isEmpty {
            if let word = rest.first, word.hasPrefix("--"), let own = carriedOption(word, of: command) {
                carried.append(word)
                rest = rest.dropFirst()
                if own.takesValue, !word.contains("="), let value = rest.first {
                    carried.append(value)
                    rest = rest.dropFirst()
                }
            } else if let word = rest.first, let sub = command.subcommand(named: word) {
                command = sub
                path.append(word)
                rest = rest.dropFirst()
            } else if command.version != nil, rest.first == "--version" {
                // `endless --version` asks the program, not its default subcommand.
                return ParsedArguments(
                    commandPath: path, options: [], values: [:], flags: [CommandDeclaration.versionFlag.declaration.name],
                    positionals: [])
            } else if rest.first == "help" {
                // `endless help fetch` reads as `endless fetch --help`.
                rest = rest.dropFirst()
                if let name = rest.first {
                    guard command.subcommand(named: name) != nil else {
                        throw unknownCommand(name, in: command, path: path)
                    }
                    return ParsedArguments(commandPath: path + [name], options: [], values: [:], flags: ["help"], positionals: [])
                }
                return ParsedArguments(commandPath: path, options: [], values: [:], flags: ["help"], positionals: [])
            } else if let word = rest.first, !word.hasPrefix("-") {
                throw unknownCommand(word, in: command, path: path)
            } else if let name = command.defaultSubcommand, let sub = command.subcommand(named: name),
                !(rest.first.map(isHelp) ?? false)
            {
                command = sub
                path.append(name)
            } else {
                break
            }
        }
        return try parseOptions(carried + rest, for: command, path: path)
    }

    /// The option `word` names when the group `command` declares it itself (not `--help` or
    /// `--version`, which are the group's own business).
    private static func carriedOption(_ word: String, of command: CommandDeclaration) -> OptionDeclaration? {
        let name = word.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        return command.options.first { $0.isNamed(name) }
    }

    private static func isHelp(_ word: String) -> Bool { word == "--help" || word == "-h" }

    private static func parseOptions(
        _ arguments: [String], for command: CommandDeclaration, path: [String]
    ) throws(UsageError) -> ParsedArguments {
        let commandText = path.joined(separator: " ")
        func fail(_ message: String, hint: String? = nil) -> UsageError {
            UsageError(command: commandText, message: message, hint: hint)
        }
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var positionals: [String] = []
        var spellings: [String: String] = [:]
        var index = arguments.startIndex

        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" || (command.takesArgumentsVerbatim && !isHelp(word)) {
                positionals.append(contentsOf: arguments[(word == "--" ? index : index - 1)...])
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                positionals.append(word)
                continue
            }

            // Split `--name=value`; `-n` takes its value from the next word only.
            let option: OptionDeclaration
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                if let equals = body.firstIndex(of: "=") { inlineValue = String(body[body.index(after: equals)...]) }
                guard let found = command.option(named: name) else {
                    throw unknownOption("--\(name)", in: command, fail: fail)
                }
                if found.name != name { spellings[found.name] = "--\(name)" }
                option = found
            } else {
                // `-n 3`, or `-n3`: the letters after an option's letter are its value.
                let letters = word.dropFirst()
                guard let letter = letters.first, let found = command.option(short: letter),
                    letters.count == 1 || found.takesValue
                else {
                    throw unknownOption(word, in: command, fail: fail)
                }
                if letters.count > 1 { inlineValue = String(letters.dropFirst()) }
                option = found
            }

            if flags.contains(option.name) || (values[option.name] != nil && !option.isRepeatable) {
                throw fail(
                    "\(spellings[option.name] ?? option.flagText) is given more than once", hint: "give it once; the last use would not silently win")
            }
            switch option.kind {
            case .flag:
                if let inlineValue {
                    throw fail(
                        "\(option.flagText) is a switch and takes no value (got '\(inlineValue)')",
                        hint: "write \(option.flagText) alone")
                }
                flags.insert(option.name)
            case .value(let placeholder):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.endIndex, !arguments[index].hasPrefix("--") {
                    // A value may start with one dash (`--page -1` reaches the range check and
                    // gets a precise message), but not two: `--results --page 2` lost a value.
                    value = arguments[index]
                    index += 1
                } else {
                    throw fail(
                        "\(option.flagText) needs a value", hint: "write \(option.flagText) \(placeholder) or \(option.flagText)=\(placeholder)")
                }
                values[option.name, default: []].append(value)
            case .optionalValue:
                var value = inlineValue ?? ""
                if inlineValue == nil, index < arguments.endIndex, !arguments[index].hasPrefix("-") {
                    value = arguments[index]
                    index += 1
                }
                values[option.name, default: []].append(value)
            }
        }

        if !flags.contains(CommandDeclaration.help.declaration.name), !command.takesArgumentsVerbatim {
            let allowed = command.positionals.count
            if positionals.count > allowed {
                let extra = positionals[allowed]
                var hint: String?
                if let sub = Suggestions.closest(to: extra, in: command.subcommands.map(\.name)) {
                    hint = "did you mean '\(sub)'?"
                } else if allowed == 0 {
                    hint = "'\(command.name)' takes no arguments besides options; quote a value that contains spaces"
                }
                throw fail("unexpected argument '\(extra)'", hint: hint)
            }
            if let missing = command.positionals.dropFirst(positionals.count).first(where: { !$0.isOptional }) {
                throw fail("missing \(missing.name)", hint: missing.help)
            }
        }
        var parsed = ParsedArguments(
            commandPath: path, options: command.allOptions, values: values, flags: flags, positionals: positionals)
        parsed.spellings = spellings
        return parsed
    }

    private static func unknownOption(
        _ word: String, in command: CommandDeclaration, fail: (String, String?) -> UsageError
    ) -> UsageError {
        let name = String(word.drop { $0 == "-" })
        if let meant = command.allOptions.first(where: { $0.misnomers.contains(name) }) {
            return fail("unknown option '\(word)'", "'\(command.name)' calls it \(meant.flagText)")
        }
        let names = command.allOptions.map(\.flagText)
        let hint = Suggestions.closest(to: word, in: names).map { "did you mean '\($0)'?" }
        return fail("unknown option '\(word)'", hint)
    }

    private static func unknownCommand(_ word: String, in command: CommandDeclaration, path: [String]) -> UsageError {
        let names = command.subcommands.map(\.name)
        let hint =
            Suggestions.closest(to: word, in: names).map { "did you mean '\($0)'?" }
            ?? "commands: \(names.joined(separator: ", "))"
        return UsageError(command: path.joined(separator: " "), message: "unknown command '\(word)'", hint: hint)
    }
}
