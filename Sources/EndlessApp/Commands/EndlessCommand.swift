import EndlessCommandLine

/// The `endless` program: its subcommands wired to the real network, simulator and terminal.
public enum EndlessCommand {
    /// One line for the top of `endless --help`.
    static let abstract = "Browse endless feeds in the terminal: people, coins, users, and more, from their APIs or offline simulators."

    /// The program.
    static var tool: CommandLineTool {
        CommandLineTool(
            name: "endless", abstract: abstract,
            subcommands: BrowseCommand.subcommands() + [FetchCommand.group, CacheCommand.group(), ServeCommand.subcommand()],
            defaultSubcommand: "browse")
    }

    /// Runs `endless` with `arguments` (the words after the program name).
    /// - Parameter arguments: the command line, e.g. `["fetch", "--results", "5"]`.
    /// - Returns: the exit status: 0 success, 1 failure, 2 usage error.
    public static func run(_ arguments: [String]) async -> Int32 {
        await tool.run(arguments, output: .standard)
    }
}
