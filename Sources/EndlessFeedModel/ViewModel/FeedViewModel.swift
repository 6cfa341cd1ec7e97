import Endless
import Foundation
import Observation

/// One feed's list, as a screen shows it: selection, details, pull to refresh, notices and
/// errors, over any `PageSource`, with no drawing code in it (the terminal app's screen draws
/// from it, and a SwiftUI list could drive it the same way).
///
/// State flows down (``item(at:)``, ``footer``, ``content``, ``topIndicator``, ``details``),
/// intents flow up (``perform(_:visibleRows:)``, ``visibleRangeChanged(_:)``, ``wheel(up:)``,
/// ``click(at:)``). The only signal the list sends about scrolling is the visible range; the
/// `Feed` turns it into page loads. What differs between feeds (details, pictures, nouns)
/// comes from its ``FeedDescriptor``.
@MainActor @Observable
public final class FeedViewModel<Source: PageSource> {
    /// The paging engine behind the list.
    @ObservationIgnored public let feed: Feed<Source>
    /// What the feed says about its items.
    @ObservationIgnored public let descriptor: FeedDescriptor<Source.Item, Source.Key>
    /// Loads the rows' pictures, or nil when images are off.
    @ObservationIgnored public let images: (any FeedImageLoading)?
    /// The sizes the screen draws pictures at, set once the terminal is known.
    @ObservationIgnored public var imageSizing = ImageSizing() {
        // The rows kept ask for pictures at the sizing they were listed at. Let go here,
        // rather than checked at each of the dozen rows a frame lists.
        didSet { if imageSizing != oldValue { listedRows = ListedRows() } }
    }

    // What the view shows that can change: read many times a frame, so observed without a
    // generic key path (see SignalObserved), and inside a frame through the one revision all
    // of them bump (see FrameObservation). Every observed property is a SignalObserved one: a
    // tracked property would cost such a frame an observer of its own.

    /// The selected row, as last settled (see ``settleSelection()``); read through ``selection``.
    @ObservationIgnored @SignalObserved var selectedRow = 0
    /// The item to select again once the list holds it, as last settled; read through
    /// ``itemToReselect``.
    @ObservationIgnored var pendingReselection: String?
    /// The rows on screen, as the list last reported them. Not observed: the view that reports
    /// it knows it already, and a scroll reports a new one every frame; an observed write would
    /// tell every observer of the model that something changed when nothing it shows did
    /// (issue 29).
    @ObservationIgnored public internal(set) var visibleRange = 0..<0
    /// The details panel's content, if it is open.
    @ObservationIgnored @SignalObserved public internal(set) var details: ItemDetails? = nil
    /// What ``status`` last read of the pages' keys.
    @ObservationIgnored var statusMemo = StatusMemo()
    /// Whether the details panel is open: ``details`` `!= nil`, read in place. A frame asks
    /// this several times, and reading ``details`` copies the panel's content out (its texts
    /// retained and released) only to compare it with nil.
    public var isShowingDetails: Bool {
        if case .none = _details.wrappedValue { return false }
        return true
    }
    /// Whether the open details are still being fetched (a spinner shows), read in place as
    /// ``isShowingDetails`` is.
    var isLoadingDetails: Bool { _details.wrappedValue?.note == .loading }
    /// A short-lived message, e.g. why a refresh did not happen.
    @ObservationIgnored @SignalObserved public internal(set) var notice: Notice? = nil
    /// The pull-to-refresh gesture at the top of the list.
    @ObservationIgnored @SignalObserved public internal(set) var pull = PullGesture()
    /// True while a pull inside the cooldown shows the spinner (``CooldownFeedback/spinnerThenNotice``).
    @ObservationIgnored @SignalObserved public internal(set) var isHoldingRefreshSpinner = false
    /// How the last refresh (or rows put above) moved the selection, as last settled; read
    /// through ``selectionMove``.
    @ObservationIgnored @SignalObserved var lastSelectionMove: SelectionMove? = nil
    /// True while the list's opening load runs (its first page, from the cache or the network):
    /// its rows are new, not a list being refreshed, so no "refreshing" line shows over them
    /// while the load holds its minimum indicator time.
    @ObservationIgnored var isOpeningLoad = false
    /// Where the open details are scrolled to (see ``detailsLaidOut(lines:shown:)``).
    @ObservationIgnored @SignalObserved var detailsScroll = DetailsScroll()
    /// The live timer's state, when the list refreshes itself (`--live`).
    @ObservationIgnored @SignalObserved public internal(set) var live: LiveState? = nil

    @ObservationIgnored let clock: any Clock<Duration>
    /// The instant details are computed at (ages from dates).
    @ObservationIgnored public let now: @Sendable () -> Date
    @ObservationIgnored var noticeTask: Task<Void, Never>?
    @ObservationIgnored var pullReleaseTask: Task<Void, Never>?
    @ObservationIgnored var refreshTask: Task<Void, Never>?
    @ObservationIgnored var detailsTask: Task<Void, Never>?
    @ObservationIgnored var liveTask: Task<Void, Never>?
    /// Whether the live timer holds off (its tab is hidden).
    @ObservationIgnored var isLivePaused = false
    @ObservationIgnored var liveInterval: Duration?
    /// The item selected when the running refresh started, to select again in the new rows.
    @ObservationIgnored var followedSelection: Source.Item.ID?
    /// The feed's rows above as the selection last followed them (see ``settleSelection()``).
    @ObservationIgnored var rowsAboveFollowed = RowsAbove()
    /// Which item was shown at which row, when tracking (``trackSeenItems()``).
    @ObservationIgnored public internal(set) var seen = SeenItems()
    @ObservationIgnored var lastVisibleReport: VisibleReport?
    /// The rows near the screen as the list last read them (see ``listedRow(at:)``), at the
    /// current ``imageSizing``.
    @ObservationIgnored var listedRows = ListedRows()
    /// The pictures the loader was told about (see `updateImages()`).
    @ObservationIgnored var picturesWanted = PicturesWanted()
    /// What the loader was last told from (see `updateImages()`).
    @ObservationIgnored var lastPicturesTold: PicturesToldInputs?
    /// The rows on screen are told to the loader in a window that moves this many rows at once
    /// (see `updateImages()`): 16, a batch a held key tells at once; 1 tells each row as it
    /// comes (the tests of the bookkeeping row by row).
    @ObservationIgnored var pictureRowGroup = 16
    /// The rows on screen are told to the feed in a window that moves this many rows at once
    /// (see ``visibleRangeChanged(_:)``): 16, so a held key runs the feed's demand check once
    /// a group; 1 tells the rows exactly (the tests that count the pages loaded).
    @ObservationIgnored var feedRowGroup = 16

    /// Creates the view model.
    /// - Parameters:
    ///   - feed: the paging engine, not started yet.
    ///   - descriptor: what the feed says about its items.
    ///   - images: loads the pictures, or nil for no images.
    ///   - reselecting: `String(describing:)` of the id of the item to select once the list
    ///     holds it: the one selected when the list was left, its feed opening on that item's
    ///     page (`Feed(openingKey:)`); nil for the first row.
    ///   - clock: times notices and the pull gesture; inject a manual clock in tests.
    ///   - now: the instant details are computed at (ages from dates).
    public init(
        feed: Feed<Source>, descriptor: FeedDescriptor<Source.Item, Source.Key>, images: (any FeedImageLoading)?,
        reselecting: String? = nil, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.feed = feed
        self.descriptor = descriptor
        self.images = images
        self.pendingReselection = reselecting
        self.clock = clock
        self.now = now
        settleSelectionWhenItemsChange()
    }

    isolated deinit {
        noticeTask?.cancel()
        pullReleaseTask?.cancel()
        refreshTask?.cancel()
        detailsTask?.cancel()
        liveTask?.cancel()
        images?.cancelAll()
    }

    /// Loads the first page, once; later calls do nothing. A live list starts its timer.
    public func start() {
        let opens = feed.pageKeys.isEmpty && !feed.loadStates.refresh.isLoading
        feed.loadFirstPageIfNeeded()
        if opens { isOpeningLoad = feed.loadStates.refresh.isLoading }
        isLivePaused = false
        if let liveInterval, liveTask == nil { startLiveTimer(every: liveInterval) }
    }

    /// Rows on the list: items loaded, plus the rows of pages dropped to bound memory.
    public var rowCount: Int { feed.layout.totalCount }

    /// The item at a row, or nil for a row whose page is dropped or still on its way.
    public func item(at index: Int) -> Source.Item? {
        feed.items.item(at: index)
    }

    /// Whether the row at `index` has its item loaded (without copying the item out).
    public func isLoaded(_ index: Int) -> Bool {
        feed.items.isLoaded(index)
    }

    /// The rows in `range` that have an item loaded; placeholders are absent.
    public func rows(in range: Range<Int>) -> [(index: Int, item: Source.Item)] {
        range.compactMap { index in item(at: index).map { (index, $0) } }
    }

    /// The picture of a row's item, or nil when images are off or it has none.
    /// - Parameters:
    ///   - item: the row's item.
    ///   - priority: how soon it is wanted.
    public func imageRequest(for item: Source.Item, priority: FeedImage.Priority = .visible) -> FeedImage? {
        guard images != nil, var request = descriptor.rowImage(item, imageSizing) else { return nil }
        request.priority = priority
        return request
    }

    /// The picture of the open details, at ``ImageSizing/details`` (asked of the image CDN
    /// itself when the feed's URLs carry a size).
    public func detailsImageRequest(for details: ItemDetails) -> FeedImage? {
        guard images != nil, let url = details.imageURL else { return nil }
        let sized = descriptor.sizedImageURL?(url, imageSizing.details) ?? url
        return FeedImage(url: sized, size: imageSizing.details, contentMode: .fill, priority: .high)
    }

    /// The selected item, if `details` are its details (a placeholder for the details picture
    /// is made from it).
    public func item(describedBy details: ItemDetails) -> Source.Item? {
        guard let item = feed.items.item(at: selection), descriptor.details(item, now()).id == details.id else { return nil }
        return item
    }

    /// The screen draws the details picture at `size` pixels (as large as the terminal allows a
    /// picture of known shape); the request follows.
    public func detailsPictureSizeChanged(_ size: FeedImage.Size) {
        imageSizing.details = size
    }

    /// Records which item each row showed from now on, to find an item shown twice (the
    /// terminal app's `--dump-state`); off by default, as it grows with every row seen.
    public func trackSeenItems() {
        seen.startTracking()
    }

    /// The header's account of the list: the seed, the page of the selected row and the rows.
    public var status: FeedStatus {
        // `if let`s, not `flatMap`: a closure made here is the main actor's, and checks where
        // it runs at each call (every frame asks, issue 29).
        // A page keeps its key while it keeps its stamp: the seed and the page are read from
        // the keys only when the first page, or the selected row's page, is another one.
        let layout = feed.layout
        var seed: UntrustedText?
        if let first = layout.firstPageStamp {
            if let kept = statusMemo.seed, kept.stamp == first {
                seed = kept.value
            } else {
                seed = firstPageSeed()
                statusMemo.seed = (first, seed)
            }
        }
        var page: Int?
        if let selected = layout.stamp(at: selection)?.page {
            if let kept = statusMemo.page, kept.stamp == selected {
                page = kept.value
            } else {
                page = selectedPageNumber()
                statusMemo.page = (selected, page)
            }
        }
        return FeedStatus(seed: seed, page: page, rows: rowCount, live: live?.label)
    }

    // The keys read in functions of their own, never inlined: a key's type (and its optional's)
    // is looked up at run time, and inlined in `status` those lookups ran at every frame, read
    // or not (issue 29).

    /// The seed of the first page's key.
    @inline(never)
    private func firstPageSeed() -> UntrustedText? {
        guard let firstKey = feed.pageKeys.first ?? nil else { return nil }
        return descriptor.describeKey(firstKey).seed
    }

    /// The page number of the selected row's page's key.
    @inline(never)
    private func selectedPageNumber() -> Int? {
        guard let selectedKey = feed.pageKey(containing: selection) else { return nil }
        return descriptor.describeKey(selectedKey).page
    }
}

/// The header's seed and selected page as last read from the pages' keys, with the stamps of
/// the pages they were read from (see ``FeedViewModel/status``): every frame asks for the
/// status, and reading a key is generic work, looked up at run time (issue 29).
struct StatusMemo {
    var seed: (stamp: UInt64, value: UntrustedText?)?
    var page: (stamp: UInt64, value: Int?)?
}

/// The header's figures for one feed.
public struct FeedStatus: Hashable, Sendable {
    /// The list's seed, as the server reported it.
    public var seed: UntrustedText?
    /// The page of the selected row.
    public var page: Int?
    /// Rows on the list, dropped pages included.
    public var rows: Int
    /// How often a live list refreshes itself, e.g. `live 30 s`; nil when it does not.
    public var live: String?
}
