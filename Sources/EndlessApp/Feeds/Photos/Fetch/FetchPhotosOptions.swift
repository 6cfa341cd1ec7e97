import EndlessHTTP
import Foundation
import UnsplashAPI

/// Everything `endless fetch photos` was asked to do, parsed and validated.
struct FetchPhotosOptions: FeedFetchOptions, Equatable {
    /// The page, from 1.
    var page = FetchPhotosCommand.Options.page.defaultValue
    /// Photos per page, 1-30; nil for the service's default (10).
    var perPage: Int?
    var orderBy = PhotosFeed.Options.orderBy.defaultValue
    /// Words to search for instead of the feed (`--query`).
    var query: SearchText?
    /// How a search is ordered.
    var searchOrder = UnsplashSearchOrder.relevant
    /// One photo by id instead of a page.
    var id: String?
    /// Sent as `Client-ID`.
    var accessKey = PhotosFeed.simulatorKey
    /// Format, timeout, retries, verbose.
    var common = FetchSettings()
    /// The API root given with `--api`; nil for the embedded simulator.
    var api: URL?
    /// The embedded simulator's settings.
    var simulator = SimulatorSettings()
}
