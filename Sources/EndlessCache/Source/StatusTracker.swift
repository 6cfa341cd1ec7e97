import EndlessHTTP
import Foundation
import Synchronization

/// The mutable half of a ``CachedPageSource`` (which, as a `PageSource`, is a value shared by
/// the feed's loading tasks): its ``CacheStatus`` and whether a first page has been served.
final class StatusTracker: Sendable {
    struct State {
        var status: CacheStatus
        /// Whether a refresh has produced a page: until then a refresh is the list opening,
        /// which the cache answers first; after, a refresh asks the network.
        var hasFirstPage = false
        /// When the network last failed; while recent, stale pages are served at once.
        var networkFailedAt: Date?
    }

    let state: Mutex<State>

    init(mode: CacheMode) {
        state = Mutex(State(status: CacheStatus(mode: mode, isOffline: mode == .offline)))
    }

    var status: CacheStatus { state.withLock { $0.status } }

    /// Whether the next refresh is the list opening.
    var isOpening: Bool { state.withLock { !$0.hasFirstPage } }

    /// Whether the network failed less than `interval` before `now`.
    func failedRecently(within interval: TimeInterval, now: Date) -> Bool {
        state.withLock { state in
            guard state.status.isOffline, let failedAt = state.networkFailedAt else { return false }
            return now.timeIntervalSince(failedAt) < interval
        }
    }

    /// A page came from the cache.
    /// - Parameters:
    ///   - isRefresh: whether it is the list's first page.
    ///   - fetchedAt: when the network sent it.
    ///   - isStale: whether the feed's policy calls it stale.
    ///   - opening: whether it opened the list (a stale opening wants a refresh).
    func servedFromCache(isRefresh: Bool, fetchedAt: Date, isStale: Bool, opening: Bool) {
        state.withLock { state in
            guard isRefresh else { return }
            state.hasFirstPage = true
            state.status.firstPage = .cache(fetchedAt: fetchedAt)
            if opening { state.status.needsRevalidation = isStale && state.status.mode == .readWrite }
        }
    }

    /// The network sent a page.
    func networkSucceeded(isRefresh: Bool, at date: Date) {
        state.withLock { state in
            state.status.isOffline = false
            state.status.networkFailure = nil
            state.status.networkError = nil
            state.networkFailedAt = nil
            if isRefresh {
                state.hasFirstPage = true
                state.status.firstPage = .network(fetchedAt: date)
                state.status.needsRevalidation = false
            }
        }
    }

    /// The network failed (not a cancellation). A request refused before it was sent (Unsplash
    /// keeping its last requests for the person, say) says nothing about the network.
    func networkFailed(_ error: any Error, isRefresh: Bool, at date: Date) {
        let failure = (error as? any RequestFailure)?.requestFailureKind ?? .noAnswer
        guard failure != .notSent else { return }
        state.withLock { state in
            state.status.isOffline = true
            state.status.networkFailure = failure
            state.status.networkError = String(describing: error)
            state.networkFailedAt = date
            // The refresh asked the network: revalidation has been tried.
            if isRefresh && state.hasFirstPage { state.status.needsRevalidation = false }
        }
    }
}
