/// How a ``Feed`` pages: sizes, prefetching, memory bound, refresh pacing and retries.
///
/// Start from ``default`` and change what your source needs:
///
/// ```swift
/// var configuration = FeedConfiguration.default
/// configuration.refreshCooldown = .seconds(3)      // a rate-limited API
/// configuration.maxLoadedItems = 500               // endless scrolls stay bounded
/// let feed = Feed(source: source, configuration: configuration)
/// ```
///
/// Out-of-range values are not errors: the feed uses the nearest value that works (see each
/// property), so a configuration never crashes an app.
public struct FeedConfiguration: Sendable, Equatable {
    /// Items per page: 20.
    public static let defaultPageSize = 20
    /// No refresh cooldown: refresh whenever asked.
    public static let defaultRefreshCooldown: Duration = .zero
    /// Half a second: long enough for a spinner to read as intentional, short enough not to
    /// delay anyone.
    public static let defaultMinimumIndicatorDuration: Duration = .milliseconds(500)
    /// No automatic retry: an error waits for the person to choose ``Feed/retry()``.
    public static let defaultAutomaticRetry = LoadRetryPolicy.disabled
    /// Three pages in a row that bring nothing new mean the source is looping, not unlucky.
    public static let defaultMaxConsecutiveDuplicatePages = 3
    /// One page in flight at each end: the engine's behaviour before pipelining.
    public static let defaultMaxConcurrentAppends = 1
    /// Every default together.
    public static let `default` = FeedConfiguration()

    /// Items requested per append or prepend. At least 1.
    public var pageSize: Int
    /// How many items beyond the furthest item seen should already be loaded. The feed loads
    /// the next page as soon as fewer than this many remain, so with the default (one page) a
    /// person scrolling at a normal pace never reaches the end of what is loaded. At least 1:
    /// 1 means "load when the last item appears", the tutorials' strategy.
    public var prefetchDistance: Int
    /// Items requested by a refresh. Equal to ``pageSize`` by default, because sources that
    /// number their pages (randomuser.me's `page=N&results=R`) need every page the same size.
    public var initialLoadSize: Int
    /// The most items kept in memory, or `nil` for no bound. Pages far from the items seen are
    /// dropped and reloaded by key when the person scrolls back; indices do not move (see
    /// ``FeedItems``). Raised to `max(pageSize, initialLoadSize) + 2 × prefetchDistance` if
    /// lower, so that dropping a page never makes the feed reload it at once.
    public var maxLoadedItems: Int?
    /// The shortest time between the starts of two refreshes. A ``Feed/refresh(ignoringCooldown:scope:)`` sooner does
    /// nothing and returns ``RefreshOutcome/coolingDown(remaining:)``. A rate-limited API uses
    /// a few seconds.
    public var refreshCooldown: Duration
    /// The shortest time the refresh state stays `loading`, so a fast refresh does not make a
    /// spinner flicker. ``Feed/refresh(ignoringCooldown:scope:)`` returns after it too.
    public var minimumIndicatorDuration: Duration
    /// Automatic retries of failed appends and prepends (never of refreshes, which a person
    /// starts and can repeat).
    public var automaticRetry: LoadRetryPolicy
    /// How many pages in a row may bring only items already shown (or nothing) before the feed
    /// stops and reports ``FeedError/onlyDuplicatePages(direction:count:)``. At least 1.
    public var maxConsecutiveDuplicatePages: Int
    /// The most pages loading at once at each end of the list, committed strictly in key
    /// order (a page that lands early waits for the pages before it). More than one needs
    /// keys known in advance: the keys of dropped pages always are, and a source's next pages
    /// are when it implements ``PageSource/key(after:)`` (page numbers, offsets, seeded
    /// pages); a source of cursors keeps one new page in flight whatever this says. At least
    /// 1 (the default: one load per direction). A slow API read fast needs about
    /// `rows per second × latency ÷ pageSize` pages in flight, plus one.
    public var maxConcurrentAppends: Int
    /// Prefetching from measured latency and scroll speed, or `nil` (the default) for the
    /// fixed ``prefetchDistance``.
    public var adaptivePrefetch: AdaptivePrefetch?
    /// What a refresh reloads: the first page (the default) or the loaded pages around the
    /// rows on screen.
    public var refreshScope: RefreshScope

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - pageSize: items per append or prepend.
    ///   - prefetchDistance: items to keep loaded beyond the furthest seen; `nil` means
    ///     `pageSize`.
    ///   - initialLoadSize: items per refresh; `nil` means `pageSize`.
    ///   - maxLoadedItems: the memory bound in items; `nil` for none.
    ///   - refreshCooldown: the shortest time between two refreshes.
    ///   - minimumIndicatorDuration: the shortest time a refresh shows as loading.
    ///   - automaticRetry: retries of failed appends and prepends.
    ///   - maxConsecutiveDuplicatePages: the bound on pages in a row with nothing new.
    ///   - maxConcurrentAppends: pages in flight at each end, committed in order.
    ///   - adaptivePrefetch: prefetch from latency and speed; `nil` for the fixed distance.
    ///   - refreshScope: what a refresh reloads.
    public init(
        pageSize: Int = defaultPageSize,
        prefetchDistance: Int? = nil,
        initialLoadSize: Int? = nil,
        maxLoadedItems: Int? = nil,
        refreshCooldown: Duration = defaultRefreshCooldown,
        minimumIndicatorDuration: Duration = defaultMinimumIndicatorDuration,
        automaticRetry: LoadRetryPolicy = defaultAutomaticRetry,
        maxConsecutiveDuplicatePages: Int = defaultMaxConsecutiveDuplicatePages,
        maxConcurrentAppends: Int = defaultMaxConcurrentAppends,
        adaptivePrefetch: AdaptivePrefetch? = nil,
        refreshScope: RefreshScope = .firstPage
    ) {
        self.pageSize = pageSize
        self.prefetchDistance = prefetchDistance ?? pageSize
        self.initialLoadSize = initialLoadSize ?? pageSize
        self.maxLoadedItems = maxLoadedItems
        self.refreshCooldown = refreshCooldown
        self.minimumIndicatorDuration = minimumIndicatorDuration
        self.automaticRetry = automaticRetry
        self.maxConsecutiveDuplicatePages = maxConsecutiveDuplicatePages
        self.maxConcurrentAppends = maxConcurrentAppends
        self.adaptivePrefetch = adaptivePrefetch
        self.refreshScope = refreshScope
    }
}

// The values the feed actually uses: properties are plain `var`s (easy to tweak), so the
// clamping documented above happens here rather than in setters.
extension FeedConfiguration {
    var resolvedPageSize: Int { max(1, pageSize) }
    var resolvedInitialLoadSize: Int { max(1, initialLoadSize) }
    var resolvedPrefetchDistance: Int { max(1, prefetchDistance) }
    var resolvedMaxConsecutiveDuplicatePages: Int { max(1, maxConsecutiveDuplicatePages) }
    var resolvedMaxConcurrentAppends: Int { max(1, maxConcurrentAppends) }
    var resolvedRefreshPages: Int {
        if case .loadedPages(let maxPages) = refreshScope { max(1, maxPages) } else { 1 }
    }

    var resolvedMaxLoadedItems: Int? {
        guard let maxLoadedItems else { return nil }
        let floor = max(resolvedPageSize, resolvedInitialLoadSize) + 2 * resolvedPrefetchDistance
        return max(maxLoadedItems, floor)
    }
}
