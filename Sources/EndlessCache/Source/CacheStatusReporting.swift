/// A page source that can say how its cache stands: what a generic tab (one type for every
/// feed) asks of its source with `(feed.source as? any CacheStatusReporting)?.cacheStatus`.
public protocol CacheStatusReporting: Sendable {
    /// The source's cache status now; see ``CacheStatus``.
    var cacheStatus: CacheStatus { get }
}

extension CachedPageSource: CacheStatusReporting {
    /// The same as ``CachedPageSource/status``.
    public var cacheStatus: CacheStatus { status }
}
