import EndlessHTTP
import Foundation

/// What a feed's status bar says about its cache: where the rows on show came from, whether
/// the network is failing, and whether the first page wants a refresh.
///
/// Read it from ``CachedPageSource/status`` whenever the screen is drawn (it is a cheap,
/// locked copy); ``summary(now:)`` is the text: `cached 3 min ago`, `offline · cached 2 h
/// ago`, `rate-limited`, `service error`, `offline`, `no cache`, or nil when there is nothing
/// to say (live data).
public struct CacheStatus: Sendable, Equatable {
    /// Where a page came from, and when the network sent it.
    public enum Origin: Sendable, Equatable {
        /// Fetched from the network just now, at that date.
        case network(fetchedAt: Date)
        /// Read from the cache; the network sent it at that date.
        case cache(fetchedAt: Date)
    }

    /// The mode the source runs in.
    public var mode: CacheMode
    /// Where the list's current first page came from; nil until a first page has loaded.
    public var firstPage: Origin?
    /// True when the last request to the network failed (no connection, a server error, a
    /// rate limit) and the cache stands in, and always in ``CacheMode/offline``. The next
    /// page the network sends sets it back to false.
    public var isOffline: Bool
    /// How the last request failed, while ``isOffline``, as the wrapped source's error says
    /// (`RequestFailure`; an error that does not say is taken for no answer). Only
    /// `RequestFailureKind.noAnswer` is `offline` in ``summary(now:)``: a service refusing
    /// for the rate is reachable, and a person should not go looking for a broken connection.
    public var networkFailure: RequestFailureKind?
    /// Why the network failed last, as the wrapped source's error describes itself. It came
    /// from the network: sanitize it before it reaches a terminal.
    public var networkError: String?
    /// True when the list opened on a cached first page older than the feed's
    /// ``CachePolicy/maxAge``: the app should now call `Feed.refresh()`, which asks the
    /// network (stale while revalidate). Cleared once a refresh has asked the network.
    public var needsRevalidation: Bool
    /// Whether the cache itself can be used (a damaged, read-only or full disk says so here).
    public var availability: CacheAvailability

    /// Creates a status.
    /// - Parameters:
    ///   - mode: the source's mode.
    ///   - firstPage: where the first page came from.
    ///   - isOffline: whether the network is failing.
    ///   - networkFailure: how the network's last request failed.
    ///   - networkError: the network's last error.
    ///   - needsRevalidation: whether the first page wants a refresh.
    ///   - availability: whether the cache can be used.
    public init(
        mode: CacheMode, firstPage: Origin? = nil, isOffline: Bool = false, networkFailure: RequestFailureKind? = nil,
        networkError: String? = nil, needsRevalidation: Bool = false, availability: CacheAvailability = .available
    ) {
        self.mode = mode
        self.firstPage = firstPage
        self.isOffline = isOffline
        self.networkFailure = networkFailure
        self.networkError = networkError
        self.needsRevalidation = needsRevalidation
        self.availability = availability
    }

    /// The status bar's words: `cached 3 min ago` (opened from the cache), `offline · cached
    /// 3 min ago` (no answer from the network; cached rows on show), `offline` (nothing cached
    /// to show), `rate-limited` or `service error` in place of `offline` when the service
    /// answered but not with a page (``networkFailure``), `no cache` (the cache cannot be
    /// used), or nil (live data, or ``CacheMode/disabled``).
    /// - Parameter now: the moment ages are measured to.
    /// - Returns: the text, or nil for nothing to show.
    public func summary(now: Date) -> String? {
        let parts = [failureSummary, originSummary(now: now)].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// The first half of ``summary(now:)``, what a narrow status bar keeps longest: `offline`
    /// (no answer, or ``CacheMode/offline``), `rate-limited` or `service error` while the
    /// network is failing (``networkFailure``); nil when it is not, or in ``CacheMode/disabled``.
    public var failureSummary: String? {
        switch mode {
        case .disabled: nil
        case .offline: "offline"
        case .readWrite: isOffline ? Self.words(for: networkFailure ?? .noAnswer) : nil
        }
    }

    /// The second half of ``summary(now:)``: `no cache` (the cache cannot be used), `cached 3
    /// min ago` (the first page came from it), or nil (live data, or ``CacheMode/disabled``).
    /// - Parameter now: the moment ages are measured to.
    /// - Returns: the text, or nil for nothing to show.
    public func originSummary(now: Date) -> String? {
        if mode == .disabled { return nil }
        if case .unavailable = availability { return "no cache" }
        if case .cache(let fetchedAt) = firstPage { return "cached \(Self.age(from: fetchedAt, to: now))" }
        return nil
    }

    /// `offline`, `rate-limited`, `service error`: what the status bar says of a failure.
    /// - Parameter failure: how the request failed.
    /// - Returns: the words.
    static func words(for failure: RequestFailureKind) -> String {
        switch failure {
        case .noAnswer: "offline"
        case .rateLimited: "rate-limited"
        // A request not sent is not recorded (StatusTracker); were it, nothing failed on the wire.
        case .badAnswer, .notSent: "service error"
        }
    }

    /// `just now`, `40 s ago`, `3 min ago`, `2 h ago`, `1 day ago`, `5 days ago`.
    /// - Parameters:
    ///   - date: the past moment.
    ///   - now: the present one.
    /// - Returns: the age, in the largest whole unit.
    public static func age(from date: Date, to now: Date) -> String {
        let seconds = Int(max(0, now.timeIntervalSince(date)))
        switch seconds {
        case ..<5: return "just now"
        case ..<60: return "\(seconds) s ago"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }
}
