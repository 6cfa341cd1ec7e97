import EndlessCommandLine
import EndlessSimulator
import EndlessTerminal
import Foundation
import Synchronization

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
                    guard endpoint.isSimulator, parsedOptions.common.format == .table else {
                        return await run(parsedOptions, endpoint, output)
                    }
                    // The embedded simulator's addresses die with this command: a table that
                    // printed one says so under it.
                    let watched = SimulatorAddressWatch(output: output, origin: SimulatorAddressWatch.origin(of: endpoint.baseURL))
                    let status = await run(parsedOptions, endpoint, watched.output)
                    if watched.printedAddress {
                        output.standardError(
                            "\(command): the addresses above are the embedded simulator's, which stops with this command;"
                                + " run `endless serve` and pass its address with --api to keep them working\n")
                    }
                    return status
                }
            } catch {
                output.standardError("\(command): \(TextSanitizer.sanitize("\(error)"))\n")
                return ExitCode.failure.rawValue
            }
        }
    }
}

/// Standard output passed on unchanged, noting whether it printed an address of the embedded
/// simulator (a picture's `http://127.0.0.1:PORT/…`).
private final class SimulatorAddressWatch: Sendable {
    private final class Flag: Sendable {
        let value = Mutex(false)
    }

    private let seen = Flag()
    let output: CommandOutput

    init(output: CommandOutput, origin: String) {
        let seen = self.seen
        self.output = CommandOutput(
            terminalColumns: output.terminalColumns,
            standardOutput: { text in
                if !origin.isEmpty, text.contains(origin) { seen.value.withLock { $0 = true } }
                output.standardOutput(text)
            },
            standardError: output.standardError)
    }

    var printedAddress: Bool { seen.value.withLock { $0 } }

    /// `http://127.0.0.1:41235/` of `http://127.0.0.1:41235/reqres/api/`.
    static func origin(of url: URL) -> String {
        guard let scheme = url.scheme, let host = url.host else { return "" }
        return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")/"
    }
}
