/// A program with subcommands: parses the command line, applies its config file, prints help
/// and its version, maps usage errors to exit status 2, and hands everything else to the
/// chosen subcommand.
///
/// `main.swift` builds one and exits with what ``run(_:output:config:)`` returns:
/// ```swift
/// let tool = CommandLineTool(
///     name: "endless", abstract: "…", subcommands: [fetch, serve], defaultSubcommand: "browse")
/// exit(await tool.run(Array(CommandLine.arguments.dropFirst()), output: .standard))
/// ```
public struct CommandLineTool: Sendable {
    let root: Subcommand
    /// The settings a config file may give besides flags (`key.quit`).
    public let settings: [SettingDeclaration]
    /// Whether the program reads a config file, and so every command takes `--config` and `--no-config`.
    public let readsConfigFile: Bool

    /// Creates the program.
    /// - Parameters:
    ///   - name: the program name, as messages and help show it.
    ///   - abstract: one line for the top of `--help`.
    ///   - discussion: more paragraphs for the top of `--help`.
    ///   - version: what `--version` prints (and help shows); nil for no `--version`.
    ///   - subcommands: the commands it offers.
    ///   - defaultSubcommand: the one that runs when the first argument is an option or
    ///     there is none (e.g. `browse`); nil to require a command.
    ///   - examples: worked examples for the top of `--help`.
    ///   - readsConfigFile: whether it reads default flags from a config file
    ///     (``ConfigFile/load(arguments:program:environment:)``): every command then takes
    ///     `--config FILE` and `--no-config`.
    ///   - settings: what a config file may set besides flags.
    public init(
        name: String, abstract: String, discussion: String = "", version: String? = nil, subcommands: [Subcommand],
        defaultSubcommand: String? = nil, examples: [CommandDeclaration.Example] = [], readsConfigFile: Bool = false,
        settings: [SettingDeclaration] = []
    ) {
        let extra = readsConfigFile ? ConfigOptions.declarations(program: name) : []
        root = Subcommand(
            group: name, abstract: abstract, discussion: discussion, version: version,
            children: subcommands.map { $0.addingToEveryCommand(extra) }, defaultSubcommand: defaultSubcommand,
            examples: examples, options: extra)
        self.settings = settings
        self.readsConfigFile = readsConfigFile
    }

    /// Everything the parser and help read, from the program down.
    public var declaration: CommandDeclaration { root.declaration }

    /// The program's name.
    public var name: String { root.name }

    /// Runs the command line.
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - output: where to write.
    ///   - config: the config file read for this run (``ConfigFile/load(arguments:program:environment:)``),
    ///     whose flags apply under the command line; nil for none.
    /// - Returns: the exit status: 0 on success (and for `--help` and `--version`), 1 when the
    ///   command failed, 2 for a usage error or a wrong config file (the message goes to
    ///   standard error).
    public func run(_ arguments: [String], output: CommandOutput, config: ConfigFile? = nil) async -> Int32 {
        var parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: declaration)
        } catch {
            output.standardError(error.description)
            return ExitCode.usage.rawValue
        }
        if parsed.versionRequested, let version = declaration.version {
            output.standardOutput("\(name) \(version)\n")
            return ExitCode.success.rawValue
        }
        guard let chosen = root.descendant(parsed.commandPath.dropFirst()) else {
            // The parser only returns paths it found; this would be a bug in the declarations.
            output.standardError("\(parsed.command): unknown command\n")
            return ExitCode.usage.rawValue
        }
        if parsed.helpRequested {
            output.standardOutput(HelpFormatter.help(for: chosen.declaration, path: parsed.commandPath))
            return ExitCode.success.rawValue
        }
        if let config {
            do {
                parsed = try parsed.applying(config, root: declaration, settings: settings)
            } catch {
                output.standardError("\(name): \(error.description)")
                return ExitCode.usage.rawValue
            }
        }
        guard let run = chosen.run else {
            let names = chosen.children.map(\.name)
            output.standardError(
                UsageError(
                    command: parsed.command, message: "no command given",
                    hint: "commands: \(names.joined(separator: ", "))"
                ).description)
            return ExitCode.usage.rawValue
        }
        return await run(parsed, output)
    }
}
