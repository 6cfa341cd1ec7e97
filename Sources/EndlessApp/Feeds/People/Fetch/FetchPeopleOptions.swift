import Foundation
import RandomUserAPI

/// Everything `endless fetch people` was asked to do, parsed and validated.
public struct FetchPeopleOptions: Sendable, Equatable, FeedFetchOptions {
    /// How many people when `--results` is not given. More than the service's own default
    /// of 1, which makes a poor first impression of a list.
    public static var defaultResults: Int { FetchPeopleCommand.Options.results.defaultValue }

    /// The request: results, page, seed, filters, fields, version, and the `--api` base URL.
    public var query: RandomUserQuery
    /// How to print the people.
    public var format: OutputFormat
    /// The deadline for the whole request, retries included.
    public var timeout: Duration
    /// How many times to retry a transient failure after the first attempt.
    public var retries: Int
    /// Whether to log each request, with its status and timing, to standard error.
    public var verbose: Bool
    /// The API given with `--api`; nil for the embedded simulator (the query's base URL is
    /// then only a placeholder: the connection supplies the simulator's).
    var api: URL?
    /// The embedded simulator's data, faults and rate limit.
    var simulator = SimulatorSettings()

    /// What every feed's fetch shares: format, deadline, retries, log.
    var common: FetchSettings { FetchSettings(format: format, timeout: timeout, retries: retries, verbose: verbose) }

    /// Creates fetch options.
    /// - Parameters:
    ///   - query: the validated request.
    ///   - format: the output format.
    ///   - timeout: the deadline for the whole request.
    ///   - retries: retries after the first attempt.
    ///   - verbose: whether to log requests to standard error.
    public init(
        query: RandomUserQuery, format: OutputFormat = FetchSettings.defaultFormat, timeout: Duration = FetchSettings.defaultTimeout,
        retries: Int = FetchSettings.defaultRetries, verbose: Bool = false
    ) {
        self.query = query
        self.format = format
        self.timeout = timeout
        self.retries = retries
        self.verbose = verbose
    }
}
