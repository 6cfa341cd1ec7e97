import EndlessCommandLine
import EndlessSimulator
import EndlessTerminal
import Foundation

/// What a feed's `endless fetch` options share: the common flags, the API given (or none, for
/// the embedded simulator) and the simulator's settings.
protocol FeedFetchOptions: Sendable {
    var common: FetchSettings { get }
    var api: URL? { get }
    var simulator: SimulatorSettings { get }
}

extension Subcommand {
    /// A feed's `endless fetch` subcommand, the same for every feed: reads the command line (a
    /// usage error exits 2), connects to the API or starts the simulator, runs, and reports a
    /// failure to connect (exit 1) as `endless fetch <noun>: <reason>`.
    /// - Parameters:
    ///   - declaration: the subcommand's flags and help.
    ///   - noun: the feed's name on the command line, e.g. `coins`.
    ///   - command: how its messages start; `endless fetch <noun>` when nil.
    ///   - service: the simulator's service that stands in when no API is given.
    ///   - options: reads the command line.
    ///   - run: fetches and prints, returning the exit status.
    /// - Returns: the subcommand.
    static func fetch<Options: FeedFetchOptions>(
        _ declaration: CommandDeclaration, noun: String, command: String? = nil, service: SimulatedService,
        options: @escaping @Sendable (ParsedArguments) throws(UsageError) -> Options,
        run: @escaping @Sendable (Options, FeedEndpoint, CommandOutput) async -> Int32
    ) -> Subcommand {
        Subcommand(declaration: declaration) { parsed, output in
            let parsedOptions: Options
            do throws(UsageError) {
                parsedOptions = try options(parsed)
            } catch {
                output.standardError(error.description)
                return ExitCode.usage.rawValue
            }
            let command = command ?? "endless fetch \(noun)"
            do {
                return try await parsedOptions.common.connect(
                    api: parsedOptions.api, service: service, simulator: parsedOptions.simulator, output: output,
                    command: command, noun: noun
                ) { endpoint in
                    await run(parsedOptions, endpoint, output)
                }
            } catch {
                output.standardError("\(command): \(TextSanitizer.sanitize("\(error)"))\n")
                return ExitCode.failure.rawValue
            }
        }
    }
}
