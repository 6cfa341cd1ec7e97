import EndlessCommandLine
import EndlessHTTP
import EndlessSimulator
import EndlessTerminal
import Foundation

/// What every `endless fetch <feed>` shares: how to print, how long to wait, how often to
/// retry, whether to log, and where the data comes from.
public struct FetchSettings: Sendable, Equatable {
    /// The longest `--timeout` accepted, in seconds.
    public static let maximumTimeoutSeconds = 600.0
    /// The `--retries` values accepted.
    public static let retriesRange = 0...10
    /// The whole-request deadline when `--timeout` is not given.
    public static var defaultTimeout: Duration { Options.timeout.defaultValue }
    /// Retries after the first attempt when `--retries` is not given (the HTTP layer's
    /// Alamofire-like default).
    public static var defaultRetries: Int { Options.retries.defaultValue }
    /// The output format when `--format` is not given.
    public static var defaultFormat: OutputFormat { Options.format.defaultValue }

    /// The declared options every fetch takes, besides its feed's own and the simulator's.
    enum Options {
        static let format = Option(
            "format", short: "f", placeholder: "FORMAT",
            help: "table (aligned columns fitted to the terminal), json (the API's response as it was sent), "
                + "ndjson (one item a line, each as the API sent it) or csv (RFC 4180).",
            default: OutputFormat.table, parser: ValueParsers.choice(OutputFormat.self))
        static let timeout = Option(
            "timeout", placeholder: "SECONDS", help: "Give up on the whole request, retries included, after this long.",
            default: .seconds(30), parser: ValueParsers.seconds(maximum: FetchSettings.maximumTimeoutSeconds))
        static let retries = Option(
            "retries", placeholder: "N",
            help: "Retries of a transient failure (rate limit, 5xx, timeout, the empty-results fault), 0-10.",
            default: 2, parser: ValueParsers.integer(in: FetchSettings.retriesRange))
        static let verbose = Flag("verbose", short: "v", help: "Log each request, with its status and timing, to stderr.")

        /// Format, timeout and retries; `--verbose` is listed after a feed's own options.
        static let values: [OptionDeclaration] = [format.declaration, timeout.declaration, retries.declaration]
    }

    var format = defaultFormat
    var timeout = defaultTimeout
    var retries = defaultRetries
    var verbose = false

    /// Reads `--format`, `--timeout`, `--retries` and `--verbose`.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func read(from parsed: ParsedArguments) throws(UsageError) -> FetchSettings {
        FetchSettings(
            format: try parsed[Options.format], timeout: try parsed[Options.timeout], retries: try parsed[Options.retries],
            verbose: parsed[Options.verbose])
    }

    /// Opens what a fetch talks to (`api`, or the embedded simulator for the length of the
    /// run), with these retries, deadline and verbose log, runs `body` on the feed's endpoint, and closes.
    /// - Parameters:
    ///   - api: the API root given, or nil for the simulator.
    ///   - service: the simulator's service for the feed.
    ///   - simulator: the simulator's settings.
    ///   - output: for the verbose log.
    ///   - command: how log lines start, e.g. `endless fetch`.
    ///   - noun: what is fetched, for the log: `people`, `users`.
    ///   - body: the request.
    /// - Returns: what `body` returns.
    /// - Throws: ``AppConnectionError`` when the simulator cannot start, or what `body` throws.
    func connect<Result: Sendable>(
        api: URL?, service: SimulatedService, simulator: SimulatorSettings, output: CommandOutput, command: String,
        noun: String, _ body: (FeedEndpoint) async throws -> Result
    ) async throws -> Result {
        let monitors: [any HTTPEventMonitor] =
            verbose ? [LogMonitor { line in output.standardError("\(command): \(TextSanitizer.sanitize(line))\n") }] : []
        let connection = try AppConnection(
            needsSimulator: api == nil, simulator: simulator,
            configuration: HTTPClient.Configuration(retryPolicy: RetryPolicy(maxRetries: retries), deadline: timeout),
            // The first request builds the simulator's services, on a thread of their own: a
            // run that asks nothing (a test's stubbed network step) builds none.
            monitors: monitors, buildsSimulatorAtOnce: false)
        defer { connection.close() }
        let endpoint = connection.endpoint(api: api, service: service)
        if verbose { output.standardError("\(command): \(noun) from \(endpoint.label)\n") }
        return try await body(endpoint)
    }

    /// What a person reads for a failure: a `LocalizedError`'s `errorDescription`, otherwise
    /// the error's `description`.
    static func describe(_ error: any Error, waitingFor noun: String) -> String {
        if error is CancellationError { return "cancelled before the \(noun) arrived" }
        if let localized = error as? any LocalizedError, let text = localized.errorDescription { return text }
        return String(describing: error)
    }
}
