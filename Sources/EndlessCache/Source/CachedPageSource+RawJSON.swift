import Endless
import EndlessHTTP
import Foundation

extension CachedPageSource where Upstream.Item: RawJSONRepresentable {
    /// Wraps a source whose items keep the JSON they were read from: its pages are stored with
    /// each item as the service sent it (``RawJSONPageBodyCodec``), so a page read back from the
    /// cache is the page the network gave, fields no model reads included.
    /// - Parameters:
    ///   - upstream: the source that loads from the network.
    ///   - cache: the store, shared by every feed.
    ///   - feed: the feed's name: `people`, `users`.
    ///   - variant: what else changes a page's content; empty by default.
    ///   - policy: freshness and size limit.
    ///   - mode: ``CacheMode/readWrite`` by default.
    ///   - codec: how pages are stored; ``RawJSONPageBodyCodec`` by default.
    ///   - now: the wall clock pages are dated with.
    public init(
        _ upstream: Upstream, cache: PageCache, feed: String, variant: String = "", policy: CachePolicy,
        mode: CacheMode = .readWrite, codec: (any PageBodyCodec<Item, Key>)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            upstream, cache: cache, feed: feed, variant: variant, policy: policy, mode: mode,
            storingPagesWith: codec ?? RawJSONPageBodyCodec<Item, Key>(), now: now)
    }
}
