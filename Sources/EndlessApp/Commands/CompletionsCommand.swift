import EndlessCommandLine
import EndlessTerminal

/// `endless completions bash|zsh|fish`: the shell's completion script, written from the flag
/// declarations of every command (``CompletionScript``).
enum CompletionsCommand {
    static let positional = CommandDeclaration.Positional(
        name: "SHELL", help: "bash, zsh or fish.", isOptional: false,
        accepts: .choices(CompletionScript.Shell.allCases.map(\.rawValue)))

    static let declaration = CommandDeclaration(
        name: "completions", abstract: "Print the completion script of a shell: bash, zsh or fish.",
        discussion: "The script completes commands, feeds, flags and their values (the --graphics modes, --order-by, "
            + "--format, nationalities, files and folders), from the same declarations the parser reads. "
            + "Load it in the shell's startup file, or save it where the shell looks for completions.",
        positionals: [positional],
        examples: [
            .init(command: "source <(endless completions bash)", explanation: "Complete endless in this bash; add it to ~/.bashrc to keep it."),
            .init(
                command: "endless completions zsh > ~/.zfunc/_endless",
                explanation: "For zsh: a folder of $fpath (here ~/.zfunc), before compinit runs."),
            .init(
                command: "endless completions fish > ~/.config/fish/completions/endless.fish",
                explanation: "For fish, which loads it when endless is first completed."),
        ])

    /// The subcommand; `root` gives the program's declarations when it runs.
    static func subcommand(root: @escaping @Sendable () -> CommandDeclaration) -> Subcommand {
        Subcommand(declaration: declaration) { parsed, output in
            let name = parsed.positionals.first ?? ""
            guard let shell = CompletionScript.Shell(rawValue: name) else {
                let choices = CompletionScript.Shell.allCases.map(\.rawValue)
                output.standardError(
                    UsageError(
                        command: parsed.command, message: "no completions for the shell '\(TextSanitizer.sanitize(name))'",
                        hint: "choose one of: \(choices.joined(separator: ", "))"
                    ).description)
                return ExitCode.usage.rawValue
            }
            output.standardOutput(CompletionScript.script(for: shell, root: root()))
            return ExitCode.success.rawValue
        }
    }
}
