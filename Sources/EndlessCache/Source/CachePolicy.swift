import Foundation

/// What one feed considers fresh, and how much of the cache it may take.
///
/// The feed knows its data; the cache does not. Examples, as the app's feeds would say it:
/// ```swift
/// CachePolicy.neverStale                        // people: a seeded page never changes
/// CachePolicy(maxAge: .seconds(30))             // coins: prices move
/// CachePolicy(maxAge: .seconds(3600))           // photos: an hour
/// CachePolicy(maxAge: .seconds(86_400))         // users: a day
/// ```
public struct CachePolicy: Sendable, Hashable {
    /// 8 MiB a feed: about 7,000 people or 40,000 reqres users. Opening costs the same at any
    /// size; the `PRAGMA quick_check` that reads the whole file (a few milliseconds per feed
    /// at the limit) runs in the background, at the lowest priority, after the first page.
    public static let defaultSizeLimit = 8 * 1024 * 1024
    /// A page is fresh forever (a seeded page, an immutable archive), with the default limit.
    public static let neverStale = CachePolicy(maxAge: nil)

    /// How long after it was fetched a page is still fresh; nil for forever. A fresh page is
    /// served from the cache without asking the network; a stale one is asked for again, and
    /// served from the cache only when the network fails (or to open the list at once).
    public var maxAge: Duration?
    /// The most bytes the feed's pages may take (see ``FeedCacheUsage/bytes``); beyond it the
    /// least recently used pages are evicted.
    public var sizeLimit: Int

    /// Creates a policy.
    /// - Parameters:
    ///   - maxAge: how long a page stays fresh; nil for forever.
    ///   - sizeLimit: the feed's share of the cache in bytes; ``defaultSizeLimit`` by default.
    public init(maxAge: Duration?, sizeLimit: Int = defaultSizeLimit) {
        self.maxAge = maxAge
        self.sizeLimit = sizeLimit
    }

    /// Whether a page fetched at `fetchedAt` is fresh at `now`. A fetch time in the future
    /// (the clock was set back) counts as stale, so a wrong clock cannot pin a page forever.
    /// - Parameters:
    ///   - fetchedAt: when the network sent the page.
    ///   - now: the moment to judge at.
    /// - Returns: true when the page may be served without asking the network.
    public func isFresh(fetchedAt: Date, now: Date) -> Bool {
        let age = now.timeIntervalSince(fetchedAt)
        if age < -Self.clockSlack { return false }
        guard let maxAge else { return true }
        let (seconds, attoseconds) = maxAge.components
        return age <= Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Clocks of two processes, or one clock across an NTP step, disagree a little.
    static let clockSlack: TimeInterval = 60
}
