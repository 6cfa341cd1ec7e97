import EndlessHTTP
import EndlessTerminal
import Foundation

/// The `endless` program: its subcommands wired to the real network, simulator and terminal.
public enum EndlessCommand {
    /// One line for the top of `endless --help`.
    static let abstract = "Browse an endless list of people from randomuser.me, or its offline simulator."

    /// Runs `endless` with `arguments` (the words after the program name).
    /// - Parameter arguments: the command line, e.g. `["fetch", "--results", "5"]`.
    /// - Returns: the exit status: 0 success, 1 failure, 2 usage error.
    public static func run(_ arguments: [String]) async -> Int32 {
        let tool = CommandLineTool(
            name: "endless", abstract: abstract,
            subcommands: [
                BrowseCommand.subcommand(), FetchCommand.subcommand(makeFetcher: liveFetcher), ServeCommand.subcommand(),
            ],
            defaultSubcommand: BrowseCommand.declaration.name)
        return await tool.run(arguments, output: .standard)
    }

    /// The network step of `endless fetch`: opens the connection (`--api`, or the embedded
    /// simulator for the length of the run), asks for the page, and closes.
    static let liveFetcher: FetchCommand.MakeFetcher = { options, output in
        { query in
            let monitors: [any HTTPEventMonitor] =
                options.verbose
                ? [LogMonitor { line in output.standardError("endless fetch: \(TextSanitizer.sanitize(line))\n") }] : []
            let connection = try APIConnection(
                api: options.api, simulator: options.simulator,
                configuration: HTTPClient.Configuration(
                    retryPolicy: RetryPolicy(maxRetries: options.retries), deadline: options.timeout),
                monitors: monitors)
            defer { connection.close() }
            if options.verbose { output.standardError("endless fetch: people from \(connection.label)\n") }
            return try await connection.people.page(query)
        }
    }
}
