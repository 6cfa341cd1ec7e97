import Foundation
import ReqresAPI

/// Everything `endless fetch users` was asked to do, parsed and validated.
struct FetchUsersOptions: FeedFetchOptions, Equatable {
    /// The page, from 1.
    var page = FetchUsersCommand.Options.page.defaultValue
    /// Users per page; nil for the service's default (6).
    var perPage: Int?
    /// One user by id instead of a page.
    var id: Int?
    /// Seconds the server should hold its answer (reqres's `delay`).
    var delay: Int?
    /// The key sent in `x-api-key`.
    var apiKey = ReqresClient.freeAPIKey
    /// Format, timeout, retries, verbose.
    var common = FetchSettings()
    /// The API root given with `--api`; nil for the embedded simulator.
    var api: URL?
    /// The embedded simulator's settings.
    var simulator = SimulatorSettings()
}
