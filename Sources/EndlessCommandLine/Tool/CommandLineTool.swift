/// A program with subcommands: parses the command line, prints help, maps usage errors to
/// exit status 2, and hands everything else to the chosen subcommand.
///
/// `main.swift` builds one and exits with what ``run(_:output:)`` returns:
/// ```swift
/// let tool = CommandLineTool(
///     name: "endless", abstract: "…", subcommands: [fetch, serve], defaultSubcommand: "browse")
/// exit(await tool.run(Array(CommandLine.arguments.dropFirst()), output: .standard))
/// ```
public struct CommandLineTool: Sendable {
    let root: Subcommand

    /// Creates the program.
    /// - Parameters:
    ///   - name: the program name, as messages and help show it.
    ///   - abstract: one line for the top of `--help`.
    ///   - discussion: more paragraphs for the top of `--help`.
    ///   - subcommands: the commands it offers.
    ///   - defaultSubcommand: the one that runs when the first argument is an option or
    ///     there is none (e.g. `browse`); nil to require a command.
    public init(
        name: String, abstract: String, discussion: String = "", subcommands: [Subcommand],
        defaultSubcommand: String? = nil
    ) {
        root = Subcommand(
            group: name, abstract: abstract, discussion: discussion, children: subcommands,
            defaultSubcommand: defaultSubcommand)
    }

    /// Everything the parser and help read, from the program down.
    public var declaration: CommandDeclaration { root.declaration }

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
        guard let chosen = root.descendant(parsed.commandPath.dropFirst()) else {
            // The parser only returns paths it found; this would be a bug in the declarations.
            output.standardError("\(parsed.command): unknown command\n")
            return ExitCode.usage.rawValue
        }
        if parsed.helpRequested {
            output.standardOutput(HelpFormatter.help(for: chosen.declaration, path: parsed.commandPath))
            return ExitCode.success.rawValue
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
