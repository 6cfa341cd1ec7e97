/// What a ``CachedPageSource`` itself reports (the wrapped source's errors pass through).
public enum CachedPageSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// In ``CacheMode/offline``, the page asked for was never cached (or was evicted).
    case notCached(feed: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .notCached(let feed):
            "offline: this page of \(feed) is not in the cache; go online to load it"
        }
    }
}
