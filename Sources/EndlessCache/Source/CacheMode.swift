/// How a ``CachedPageSource`` uses the page cache: the app's `--offline` and `--no-cache`.
public enum CacheMode: Sendable, Hashable {
    /// Offline first (the default): the cache answers at once where it can, the network fills
    /// it, and when the network fails the cached pages stand in.
    case readWrite
    /// `--offline`: only the cache. A page it does not have fails with
    /// ``CachedPageSourceError/notCached(feed:)``; the network is never asked.
    case offline
    /// `--no-cache`: the cache is neither read nor written (nor even opened); every page comes
    /// from the network, as if there were no decorator.
    case disabled
}
