/// A subcommand: its declaration and what runs when it is chosen.
public struct Subcommand: Sendable {
    let declaration: CommandDeclaration
    let run: @Sendable (ParsedArguments, CommandOutput) async -> Int32

    init(
        declaration: CommandDeclaration,
        run: @escaping @Sendable (ParsedArguments, CommandOutput) async -> Int32
    ) {
        self.declaration = declaration
        self.run = run
    }

    /// The word that selects it, e.g. `"fetch"`.
    public var name: String { declaration.name }
}

/// A program with subcommands: parses the command line, prints help, maps usage errors to
/// exit status 2, and hands everything else to the chosen subcommand.
///
/// `main.swift` builds one and exits with what ``run(_:output:)`` returns:
/// ```swift
/// let tool = CommandLineTool(
///     name: "endless", abstract: "…", subcommands: [FetchCommand.subcommand(makeFetcher: …)])
/// exit(await tool.run(Array(CommandLine.arguments.dropFirst()), output: .standard))
/// ```
public struct CommandLineTool: Sendable {
    let declaration: CommandDeclaration
    let subcommands: [Subcommand]

    /// Creates the program.
    /// - Parameters:
    ///   - name: the program name, as messages and help show it.
    ///   - abstract: one line for the top of `--help`.
    ///   - subcommands: the commands it offers.
    ///   - defaultSubcommand: the one that runs when the first argument is an option or
    ///     there is none (e.g. `browse`); nil to require a command.
    public init(name: String, abstract: String, subcommands: [Subcommand], defaultSubcommand: String? = nil) {
        self.subcommands = subcommands
        self.declaration = CommandDeclaration(
            name: name, abstract: abstract, subcommands: subcommands.map(\.declaration),
            defaultSubcommand: defaultSubcommand)
    }

    /// Runs the command line.
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - output: where to write.
    /// - Returns: the exit status: 0 on success (and for `--help`), 1 when the command
    ///   failed, 2 for a usage error (the message goes to standard error).
    public func run(_ arguments: [String], output: CommandOutput) async -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: declaration)
        } catch {
            output.standardError(error.description)
            return ExitCode.usage.rawValue
        }
        let chosen = parsed.commandPath.dropFirst().first.flatMap { name in subcommands.first { $0.name == name } }
        if parsed.helpRequested {
            let command = chosen?.declaration ?? declaration
            output.standardOutput(HelpFormatter.help(for: command, path: parsed.commandPath))
            return ExitCode.success.rawValue
        }
        guard let chosen else {
            output.standardError(
                UsageError(command: declaration.name, message: "no command given",
                    hint: "commands: \(subcommands.map(\.name).joined(separator: ", "))").description)
            return ExitCode.usage.rawValue
        }
        return await chosen.run(parsed, output)
    }
}
