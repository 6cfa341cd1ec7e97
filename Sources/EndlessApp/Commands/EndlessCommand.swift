import EndlessCommandLine
import Foundation

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
        await run(arguments, output: .standard, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `endless` writing to `output`, with everything it says on standard error (usage
    /// errors that quote a flag, failures, the `-v` log) passed through this run's redactor
    /// (``RunSecrets``): no key given by flag, URL or environment is printed.
    /// - Parameters:
    ///   - arguments: the command line.
    ///   - output: where to write.
    ///   - environment: the environment the keys may come from.
    /// - Returns: the exit status.
    static func run(_ arguments: [String], output: CommandOutput, environment: [String: String]) async -> Int32 {
        let tool = self.tool
        let redactor = RunSecrets.redactor(arguments: arguments, declaration: tool.declaration, environment: environment)
        return await tool.run(arguments, output: output.redacting(with: redactor))
    }
}
