import Foundation

/// What one feed keeps in the page cache, for `endless cache`.
public struct FeedCacheUsage: Sendable, Hashable {
    /// The feed's name, as its ``CachedPageSource`` was given it: `people`.
    public let feed: String
    /// Pages cached, over every variant (API root, filters) of the feed.
    public let pages: Int
    /// Items in those pages.
    public let items: Int
    /// The bytes the pages count against the feed's size limit: their encoded bodies and keys.
    /// The file on disk is somewhat larger (page slack, indexes); see ``PageCache/fileSize``.
    public let bytes: Int
    /// When the oldest of its pages was fetched from the network.
    public let oldestFetch: Date
    /// When the newest of its pages was fetched from the network.
    public let newestFetch: Date

    /// Creates a usage record.
    /// - Parameters:
    ///   - feed: the feed's name.
    ///   - pages: pages cached.
    ///   - items: items in them.
    ///   - bytes: their size against the limit.
    ///   - oldestFetch: the oldest page's fetch time.
    ///   - newestFetch: the newest page's fetch time.
    public init(feed: String, pages: Int, items: Int, bytes: Int, oldestFetch: Date, newestFetch: Date) {
        self.feed = feed
        self.pages = pages
        self.items = items
        self.bytes = bytes
        self.oldestFetch = oldestFetch
        self.newestFetch = newestFetch
    }
}
