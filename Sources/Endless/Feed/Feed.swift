import Observation

/// An infinite, refreshable list: pages from a ``PageSource``, loaded ahead of the person
/// scrolling, at most one load per direction, unique items, honest load states.
///
/// A view tells the feed one thing, which rows it shows (``itemAppeared(at:)``); the feed
/// decides what to load. It is `@Observable`, so a SwiftUI view (or any view model that uses
/// Observation) redraws when ``items`` or ``loadStates`` change; other consumers read
/// ``snapshots()``.
///
/// ```swift
/// @MainActor
/// func run(feed: Feed<PeopleSource>, list: ListView) async {
///     feed.loadFirstPageIfNeeded()
///
///     // Every frame, or for each row on appear: report the rows on screen.
///     for row in list.visibleRows { feed.itemAppeared(at: row) }
///
///     // Draw: rows, then a footer from the append state.
///     for row in list.visibleRows { list.draw(feed.items.item(at: row)) }   // nil: placeholder
///     switch feed.loadStates.append {
///     case .loading: list.footer("loading more…")
///     case .failed(let error): list.footer("\(error) · press r to retry")  // then feed.retry()
///     case .endReached: list.footer("that's everyone")
///     case .idle: break
///     }
///
///     // Pull to refresh: the spinner lives exactly as long as this call.
///     if case .coolingDown(let remaining) = await feed.refresh() {
///         list.toast("refresh again in \(remaining)")
///     }
/// }
/// ```
///
/// The contracts (each one tested):
/// - One load per direction; demand that arrives during a load is merged, and after each page
///   the feed loads again until `prefetchDistance` items are loaded past the furthest row seen.
/// - ``refresh()`` supersedes appends and prepends: their results are discarded by generation.
///   Old items stay until the new first page replaces them at once, and stay if it fails.
/// - Errors block their direction until ``retry()`` (or `FeedConfiguration.automaticRetry`).
/// - Items are unique by `id`; a page of only duplicates does not stall the feed (up to
///   `maxConsecutiveDuplicatePages`); a page naming itself as its next page is an error.
/// - With `maxLoadedItems`, far pages are dropped and reloaded by key; indices do not move.
/// - When the feed goes away, its loads are cancelled; no task it started outlives it.
@MainActor
@Observable
public final class Feed<Source: PageSource> {
    /// How this feed pages.
    public let configuration: FeedConfiguration
    /// Where the pages come from.
    public let source: Source

    let clock: FeedClock
    let initialKey: Source.Key?
    let lifetime = FeedLifetime()
    let broadcaster = SnapshotBroadcaster<FeedSnapshot<Source.Item, Source.Key>>()

    // Observed state: everything a view may read.
    var store = PageStore<Source.Item, Source.Key>()
    /// The state of each direction: refresh, append, prepend.
    public internal(set) var loadStates = LoadStates()
    var lastErrors: [LoadDirection: any Error] = [:]
    var lastRefreshStart: Duration?

    // Bookkeeping no view needs to observe.
    /// Bumped by every refresh; a load started under an older generation is discarded.
    @ObservationIgnored var generation = 0
    @ObservationIgnored var refreshTask: Task<RefreshOutcome, Never>?
    /// True from the start of a refresh until its page is committed or fails: appends and
    /// prepends wait, since a refresh would discard them.
    @ObservationIgnored var isFetchingRefresh = false
    @ObservationIgnored var demand = Demand()
    /// The request each failed direction will re-run on ``retry()``.
    @ObservationIgnored var failedRequests: [LoadDirection: PageRequest<Source.Key>] = [:]
    @ObservationIgnored var duplicatePageRuns: [LoadDirection: Int] = [:]

    /// Creates a feed. Nothing loads until ``loadFirstPageIfNeeded()`` or ``refresh()``.
    ///
    /// - Parameters:
    ///   - source: where pages come from.
    ///   - configuration: sizes, prefetching, memory bound, pacing and retries.
    ///   - initialKey: the key of the first page, or `nil` to let the source choose.
    ///   - clock: the clock for cooldowns, indicator times and retry delays; tests pass a
    ///     manual clock.
    public init(
        source: Source,
        configuration: FeedConfiguration = .default,
        initialKey: Source.Key? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.source = source
        self.configuration = configuration
        self.initialKey = initialKey
        self.clock = FeedClock(clock)
    }

    // Not isolated: it touches only Sendable lets, so it runs at once on whatever thread
    // releases the feed, and the cancellation is immediate.
    deinit {
        lifetime.end()
        broadcaster.finish()
    }

    /// The loaded items, at their absolute, stable indices (see ``FeedItems``).
    public var items: FeedItems<Source.Item> { store.items }

    /// The keys of the loaded pages, in list order: `pageKeys.count` pages are loaded, and
    /// `pageKeys.first` is the first loaded page's key (a page's own ``Page/key`` if it gave
    /// one, else its request's key, so `nil` for a first page requested with no key that did
    /// not name itself).
    public var pageKeys: [Source.Key?] { store.pageKeys }

    /// The key of the loaded page that holds an item, to show "page 6" for the selected row.
    ///
    /// - Parameter index: an absolute item index.
    /// - Returns: the page's key, or `nil` if the index is not loaded (or the key unknown).
    public func pageKey(containing index: Int) -> Source.Key? {
        store.pageKey(containing: index)
    }

    /// The most recent error in a direction, kept while an automatic retry runs and cleared by
    /// the next success there: a status bar's "last error".
    ///
    /// - Parameter direction: refresh, append or prepend.
    /// - Returns: the error, or `nil` if the last load in that direction succeeded.
    public func lastError(_ direction: LoadDirection) -> (any Error)? {
        lastErrors[direction]
    }

    /// How long until ``refresh()`` will load again: zero when it will now. Read from the clock
    /// each time (it does not tick by itself, so a view showing it redraws on its own timer).
    public var refreshAvailableIn: Duration {
        guard let lastRefreshStart, configuration.refreshCooldown > .zero else { return .zero }
        return max(.zero, lastRefreshStart + configuration.refreshCooldown - clock.now())
    }
}
