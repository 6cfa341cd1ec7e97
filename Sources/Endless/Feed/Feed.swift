import EndlessShared
import Observation

/// An infinite, refreshable list: pages from a ``PageSource``, loaded ahead of the person
/// scrolling, a bounded number of loads per direction committed in order, unique items,
/// honest load states.
///
/// A view tells the feed one thing, which rows it shows (``visibleRangeChanged(_:)``, or
/// ``itemAppeared(at:)`` row by row); the feed decides what to load. It is `@Observable`, so
/// a SwiftUI view (or any view model that uses Observation) redraws when ``items`` or
/// ``loadStates`` change; other consumers read ``snapshots()``.
///
/// ```swift
/// @MainActor
/// func run(feed: Feed<PeopleSource>, list: ListView) async {
///     feed.loadFirstPageIfNeeded()
///
///     // Whenever it changes: report the rows on screen.
///     feed.visibleRangeChanged(list.visibleRows)
///
///     // Draw: rows (a placeholder shows its direction's state), then a footer.
///     for row in list.visibleRows {
///         if let person = feed.items.item(at: row) { list.draw(person) }
///         else { list.drawPlaceholder(feed.loadState(forRow: row)) }  // loading…, or failed · R
///     }
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
/// - Bounded loads per direction, committed in order: at most
///   `FeedConfiguration.maxConcurrentAppends` pages in flight at each end (1 by default: one
///   load per direction), several only when their keys are known in advance (dropped pages,
///   or ``PageSource/key(after:)``). A page that lands early waits for the pages before it;
///   a guessed key the previous page contradicts is discarded. Demand is never dropped: the
///   rows on screen are remembered, and after each page the feed loads again until enough
///   rows are loaded (or on their way) past them: `prefetchDistance`, or with
///   `adaptivePrefetch` what the measured latency at the measured speed needs.
/// - ``refresh(ignoringCooldown:scope:)`` supersedes appends and prepends: their results are discarded. Old items
///   stay until the refreshed page replaces them at once, and stay if it fails.
/// - Errors block their direction until ``retry()`` (or `FeedConfiguration.automaticRetry`);
///   pages after a failed one are kept, not shown, until it succeeds. No sequence of faults
///   leaves a direction neither loading, nor failed, nor idle with the rows on screen served.
/// - Items are unique by `id`; a page of only duplicates does not stall the feed (up to
///   `maxConsecutiveDuplicatePages`); a page naming itself as its next page is an error.
/// - With `maxLoadedItems`, far pages are dropped and reloaded by key; indices do not move.
///   When the rows on screen are far from what is loaded (a jump to the top), the feed loads
///   the pages under them directly instead of every page in between.
/// - ``update(id:_:)`` and ``remove(id:)`` change items in place, and the change survives
///   drops and reloads.
/// - When the feed goes away, its loads are cancelled; no task it started outlives it.
@MainActor
@Observable
public final class Feed<Source: PageSource> {
    /// How this feed pages.
    public let configuration: FeedConfiguration
    /// Where the pages come from.
    public let source: Source

    let clock: Stopwatch
    let initialKey: Source.Key?
    /// Where the list opens, until a first page has been shown (see ``init(source:configuration:initialKey:openingKey:clock:)``).
    @ObservationIgnored var openingKey: Source.Key?
    let lifetime = FeedLifetime()
    let broadcaster = SnapshotBroadcaster<FeedSnapshot<Source.Item, Source.Key>>()

    // Observed state: everything a view may read. Every observed property is a SignalObserved
    // one, so that a frame observes them all at once through the shared revision (see
    // FrameObservation); a tracked property would cost such a frame an observer of its own.
    /// The pages. Read once a row on screen, so observed without a generic key path (see
    /// ``SignalObserved``), like the load states every frame reads; read in place (below).
    @ObservationIgnored private var observedStore = SignalObserved(wrappedValue: PageStore<Source.Item, Source.Key>())
    /// The pages, read in place: a getter (what a `@SignalObserved var` gets) copies the whole
    /// store, a dozen arrays retained and released, for each count or item a frame reads of it
    /// (issue 29).
    @ObservationIgnored var store: PageStore<Source.Item, Source.Key> {
        _read { yield observedStore.wrappedValue }
        _modify { yield &observedStore.wrappedValue }
    }
    /// The state of each direction: refresh, append, prepend.
    @ObservationIgnored @SignalObserved public internal(set) var loadStates = LoadStates()
    /// The most recent error in each direction (see ``lastError(_:)``).
    @ObservationIgnored @SignalObserved var lastErrors: [LoadDirection: any Error] = [:]
    /// When the last refresh started, for its cooldown (see ``refreshAvailableIn``).
    @ObservationIgnored @SignalObserved var lastRefreshStart: Duration?

    /// How many loads are in flight now, refresh included (a load waiting out an automatic
    /// retry counts): an "n in flight" status. Compared on every report of the rows on screen,
    /// so observed without a generic key path too.
    @ObservationIgnored @SignalObserved public internal(set) var loadsInFlight = 0
    /// After a refresh, the new index of the item that was first on screen when it started,
    /// or `nil` when that item is not in the refreshed list (show the top then): what a view
    /// scrolls to so the person keeps their place.
    @ObservationIgnored @SignalObserved public internal(set) var refreshAnchorIndex: Int?

    // Bookkeeping no view needs to observe.
    /// Bumped by every refresh; a refresh result from an older generation is discarded.
    @ObservationIgnored var generation = 0
    @ObservationIgnored var refreshTask: Task<RefreshOutcome, Never>?
    /// True from the start of a refresh until its page is committed or fails: appends and
    /// prepends wait, since a refresh would discard them.
    @ObservationIgnored var isFetchingRefresh = false
    @ObservationIgnored var refreshRequestCount = 0
    @ObservationIgnored var demand = Demand()
    @ObservationIgnored var latency = LatencyEstimate()
    /// The pages each end has asked for and not committed, in commit order.
    @ObservationIgnored var pending: [LoadDirection: [PendingLoad<Source.Item, Source.Key>]] = [:] {
        didSet {
            pendingSummary = (
                append: PendingSummary(pending[.append] ?? []), prepend: PendingSummary(pending[.prepend] ?? [])
            )
        }
    }
    /// ``pending`` as the demand check reads it, at each end: changed with it.
    @ObservationIgnored var pendingSummary = (append: PendingSummary(), prepend: PendingSummary())
    @ObservationIgnored var nextLoadID = 0
    /// What the running (or last) refresh reloads, for ``retry()`` to run it again.
    @ObservationIgnored var refreshScopeRunning: RefreshScope?
    /// A direction stopped without a request to re-run (pages of only duplicates).
    @ObservationIgnored var stopped: [LoadDirection: any Error] = [:]
    @ObservationIgnored var duplicatePageRuns: [LoadDirection: Int] = [:]

    /// Creates a feed. Nothing loads until ``loadFirstPageIfNeeded()`` or ``refresh(ignoringCooldown:scope:)``.
    ///
    /// - Parameters:
    ///   - source: where pages come from.
    ///   - configuration: sizes, prefetching, memory bound, pacing and retries.
    ///   - initialKey: the key of the first page, or `nil` to let the source choose.
    ///   - openingKey: the key of the page the list opens on, when that is not its first page:
    ///     where a person left it last time. Pages before it load as they are scrolled to; a
    ///     refresh after it has opened loads `initialKey`'s page as always. Nil opens on
    ///     `initialKey`'s page.
    ///   - clock: the clock for cooldowns, indicator times and retry delays; tests pass a
    ///     manual clock.
    public init(
        source: Source,
        configuration: FeedConfiguration = .default,
        initialKey: Source.Key? = nil,
        openingKey: Source.Key? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.source = source
        self.configuration = configuration
        self.initialKey = initialKey
        self.openingKey = openingKey
        self.clock = Stopwatch(clock)
        // Fingerprints reach as far as a window can span: the bound, and a page or two past it.
        let horizon = configuration.resolvedMaxLoadedItems.map { $0 + 2 * configuration.resolvedPageSize }
        store = PageStore(horizon: horizon)
    }

    // Not isolated: it touches only Sendable lets, so it runs at once on whatever thread
    // releases the feed, and the cancellation is immediate.
    deinit {
        lifetime.end()
        broadcaster.finish()
    }

    /// The loaded items, at their absolute, stable indices (see ``FeedItems``).
    public var items: FeedItems<Source.Item> { store.items }

    /// Where the loaded pages sit and their stamps (``items`` without the items): for code not
    /// specialized for the item type, which asks it without a type looked up at run time.
    package var layout: PageLayout { store.items.layout }

    /// Rows put above the first loaded row since the list was last replaced. A list opened on
    /// a page in its middle (`openingKey`) grows upwards as it is scrolled up, and every row
    /// below moves down by as many; a view that keeps a selection or a scroll position by
    /// index adds the growth. The count starts again from 0 with each new list (`list`
    /// changes). Pages dropped to bound memory and loaded again do not count: their rows
    /// never moved.
    @ObservationIgnored public internal(set) var rowsAbove = RowsAbove()

    /// The loaded page holding row `index`: where to open next time to show that row again
    /// (see `openingKey`), and where that page's rows are now.
    /// - Parameter index: a row.
    /// - Returns: the page's key (nil for a first page asked for with no key), the number of
    ///   items it was asked for and its rows' indices; nil for a row whose page is not loaded.
    public func page(containing index: Int) -> (key: Source.Key?, loadSize: Int, rows: Range<Int>)? {
        guard store.items.isLoaded(index) else { return nil }
        let page = store.items.pageIndex(containing: index)
        guard store.loaded.indices.contains(page) else { return nil }
        return (store.pageKeys[page], store.loaded[page].loadSize, store.items.rows(ofPage: page))
    }

    /// The keys of the loaded pages, in list order: `pageKeys.count` pages are loaded, and
    /// `pageKeys.first` is the first loaded page's key (a page's own ``Page/key`` if it gave
    /// one, else its request's key, so `nil` for a first page requested with no key that did
    /// not name itself).
    public var pageKeys: [Source.Key?] { store.pageKeys }

    /// The state that decides a row shown as a placeholder: the prepend state for a row above
    /// the loaded items, the append state below them. A view draws "loading…" for `loading`,
    /// the error and the key that retries for `failed`.
    ///
    /// - Parameter index: an absolute row index.
    /// - Returns: that direction's state, or `nil` for a loaded row.
    public func loadState(forRow index: Int) -> LoadState? {
        if index < store.items.startIndex { return loadStates.prepend }
        if index >= store.items.endIndex { return loadStates.append }
        return nil
    }

    /// The absolute index of a loaded item.
    ///
    /// - Parameter id: the item's id.
    /// - Returns: its index, or `nil` if no loaded item has that id.
    public func index(of id: Source.Item.ID) -> Int? {
        store.index(of: id)
    }

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

    /// How long until ``refresh(ignoringCooldown:scope:)`` will load again: zero when it will now. Read from the clock
    /// each time (it does not tick by itself, so a view showing it redraws on its own timer).
    public var refreshAvailableIn: Duration {
        guard let lastRefreshStart, configuration.refreshCooldown > .zero else { return .zero }
        return max(.zero, lastRefreshStart + configuration.refreshCooldown - clock.elapsed())
    }
}
