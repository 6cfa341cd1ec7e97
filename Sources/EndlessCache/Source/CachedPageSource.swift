import Endless
import Foundation

/// A `PageSource` that keeps what another source loads in a ``PageCache``, so a feed opens
/// at once on the rows it showed last time and keeps working without a network: Android
/// Paging's `RemoteMediator` + Room, in the engine's own terms (the `Feed` knows no cache).
///
/// ```swift
/// let cache = PageCache(onNotice: { notice in log("endless: \(notice)") })
/// let source = CachedPageSource(
///     RandomUserPageSource(client: client, query: query), cache: cache,
///     feed: "people", variant: "https://randomuser.me/api/ nat=nl", policy: .neverStale,
///     mode: offline ? .offline : noCache ? .disabled : .readWrite)
/// let feed = Feed(source: source, configuration: configuration)
///
/// feed.loadFirstPageIfNeeded()              // opens from the cache at once, if it has the page
/// _ = await feed.refresh()                  // joins that first load
/// if source.status.needsRevalidation {      // the cached first page is stale: ask the network
///     try? await clock.sleep(for: feed.refreshAvailableIn)   // the first load started any cooldown
///     await feed.refresh()                  // on failure the cached rows stay, status says offline
/// }
/// statusBar.text = source.status.summary(now: Date())        // "cached 3 min ago", "offline"
/// ```
///
/// How a page is found, in ``CacheMode/readWrite``:
/// - The list opening (the first refresh): the cache's first page, at once, however old;
///   ``CacheStatus/needsRevalidation`` then says whether the feed's ``CachePolicy`` finds
///   it stale. With nothing cached, the network.
/// - Any later refresh: the network (a person asked for new data). If it fails, the error
///   goes to the feed, which keeps the rows it shows; the status says offline.
/// - Appends and prepends: a fresh cached page at once; else the network; if the network
///   fails, the stale cached page, and the status says offline. While the network has
///   failed in the last 30 s, stale pages are served at once rather than waiting for it
///   to fail again.
/// - Every page the network sends is stored (one transaction), with the time it came.
///
/// ``CacheMode/offline`` serves only the cache; ``CacheMode/disabled`` only the network.
/// The cache's own faults never fail a load: the page then comes from the network.
///
/// Pages are addressed by feed, variant, the key's JSON and the load size: keep the variant
/// to what changes a page's content (API root, filters, fields), or pages of different lists
/// would mix.
public struct CachedPageSource<Upstream: PageSource>: PageSource
where Upstream.Item: Codable, Upstream.Key: Codable {
    /// The wrapped source's items.
    public typealias Item = Upstream.Item
    /// The wrapped source's keys.
    public typealias Key = Upstream.Key

    /// The source pages come from when the cache cannot answer.
    public let upstream: Upstream
    /// Where pages are kept.
    public let cache: PageCache
    /// The feed's name in the cache, for limits, `endless cache` and `endless cache clear`.
    public let feed: String
    /// What else distinguishes this feed's pages (API root, filters, fields); pages of
    /// different variants never mix, but count against the same limit and clear together.
    public let variant: String
    /// What is fresh, and how much the feed may keep.
    public let policy: CachePolicy
    /// Read and write, only read (`--offline`), or neither (`--no-cache`).
    public let mode: CacheMode
    /// How pages are stored: each item as sent for items that keep their JSON, else JSON
    /// through `Codable`, unless the feed gave its own.
    public let codec: any PageBodyCodec<Item, Key>

    let now: @Sendable () -> Date
    let tracker: StatusTracker

    /// While the network has failed this recently, stale pages are served without asking it.
    static var offlineRecheckInterval: TimeInterval { 30 }

    /// Wraps a source.
    /// - Parameters:
    ///   - upstream: the source that loads from the network.
    ///   - cache: the store, shared by every feed.
    ///   - feed: the feed's name: `people`, `users`.
    ///   - variant: what else changes a page's content; empty by default.
    ///   - policy: freshness and size limit.
    ///   - mode: ``CacheMode/readWrite`` by default.
    ///   - codec: how pages are stored; ``JSONPageBodyCodec`` by default (items that keep the
    ///     JSON they were read from are stored as sent instead: see the other initializer).
    ///   - now: the wall clock pages are dated with (fetch times outlive the process, so it is
    ///     a date, not a monotonic clock); tests pass a fixed one.
    public init(
        _ upstream: Upstream, cache: PageCache, feed: String, variant: String = "", policy: CachePolicy,
        mode: CacheMode = .readWrite, codec: (any PageBodyCodec<Item, Key>)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            upstream, cache: cache, feed: feed, variant: variant, policy: policy, mode: mode,
            storingPagesWith: codec ?? JSONPageBodyCodec<Item, Key>(), now: now)
    }

    /// Wraps a source with the codec settled.
    init(
        _ upstream: Upstream, cache: PageCache, feed: String, variant: String, policy: CachePolicy, mode: CacheMode,
        storingPagesWith codec: any PageBodyCodec<Item, Key>, now: @escaping @Sendable () -> Date
    ) {
        self.upstream = upstream
        self.cache = cache
        self.feed = feed
        self.variant = variant
        self.policy = policy
        self.mode = mode
        self.codec = codec
        self.now = now
        self.tracker = StatusTracker(mode: mode)
    }

    /// The feed's cache status now: where its first page came from, whether the network is
    /// failing, whether a refresh is due. Cheap; read it every frame.
    public var status: CacheStatus {
        var status = tracker.status
        status.availability = mode == .disabled ? .available : cache.knownAvailability
        return status
    }

    /// Loads a page: from the cache, the network or both, as the mode and policy say (see
    /// ``CachedPageSource``).
    /// - Parameter request: what the feed wants.
    /// - Returns: the page.
    /// - Throws: the wrapped source's error when the network fails and the cache has no copy;
    ///   ``CachedPageSourceError/notCached(feed:)`` offline with no copy; `CancellationError`
    ///   when the feed cancelled the load.
    public func load(_ request: PageRequest<Key>) async throws -> Page<Item, Key> {
        switch mode {
        case .disabled: try await fromNetwork(request, storing: nil)
        case .offline: try fromCacheOnly(request)
        case .readWrite: try await offlineFirst(request)
        }
    }

    /// The wrapped source's next key: the cache changes where pages come from, not how they
    /// are numbered, so a feed pipelines a cached source as it would the source itself.
    /// - Parameter key: a page's key.
    /// - Returns: what the wrapped source says.
    public func key(after key: Key) -> Key? {
        upstream.key(after: key)
    }
}
