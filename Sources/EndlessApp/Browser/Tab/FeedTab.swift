import Endless
import EndlessCache
import EndlessTerminal
import EndlessTerminalWidgets

/// A feed's tab: its view model, how its rows look, and where its list is scrolled to. Each
/// tab keeps all of it while hidden, so switching back reloads nothing and lands where the
/// person left.
@MainActor
final class FeedTab<Source: PageSource>: BrowserTab {
    let model: FeedViewModel<Source>
    let style: FeedRowStyle<Source.Item>
    let cells: ImageCells
    /// Where the list is scrolled to; kept between frames and while hidden.
    private var list = ListState()
    private var started = false
    /// The refresh that follows a first page opened from the cache (stale while revalidate).
    private var revalidation: Task<Void, Never>?
    /// The last ``FeedViewModel/selectionMove`` scrolled along with.
    private var appliedMove = 0
    /// The item selected when the list was left last time, to select again once its page
    /// (the feed's opening page) has landed; nil when nothing is to be restored.
    private var restoring: String?
    /// Whether the list's place is saved at quit, for the next launch to open there.
    private let keepsPosition: Bool

    /// Creates a tab.
    /// - Parameters:
    ///   - model: the feed's view model, not started yet.
    ///   - style: how its rows look.
    ///   - cells: turns pictures into cells or graphics for this terminal.
    ///   - restoring: the id (as text) of the item to select when the first page lands: the
    ///     one selected when the list was left, its feed opening on that item's page.
    ///   - keepsPosition: whether to save the list's place at quit (a feed whose pages name
    ///     no page before them cannot open in its middle, and a live ranking should not).
    init(
        model: FeedViewModel<Source>, style: FeedRowStyle<Source.Item>, cells: ImageCells, restoring: String? = nil,
        keepsPosition: Bool = true
    ) {
        self.model = model
        self.style = style
        self.cells = cells
        self.restoring = restoring
        self.keepsPosition = keepsPosition
        model.imageSizing = cells.sizing(row: style.rowImageSize, details: style.detailsImageSize)
    }

    var kind: FeedKind { model.descriptor.kind }
    var nouns: Nouns { model.descriptor.nouns }
    var sourceLabel: String { model.descriptor.sourceLabel }
    var status: FeedStatus { model.status }
    var isAnimating: Bool { model.isAnimating }
    var hasDetails: Bool { model.details != nil }
    var isOpening: Bool { model.rowCount == 0 && model.feed.loadStates.refresh.isLoading }
    var cacheHitRate: Double? { model.images?.cacheHitRate }
    /// The feed's own note (`41 requests left this hour`), then the cache's (`cached 3 min ago`).
    var statusNote: String? {
        let notes = [
            model.descriptor.statusNote?(),
            (model.feed.source as? any CacheStatusReporting)?.cacheStatus.summary(now: model.now()),
        ].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: " · ")
    }

    /// Starts the feed the first time; a first page opened from the page cache is then
    /// revalidated from the network at once, its rows staying on screen meanwhile (and after, if
    /// the network fails).
    func activate() {
        model.start()
        guard !started else { return }
        started = true
        guard let reporter = model.feed.source as? any CacheStatusReporting else { return }
        // A list opened where it was left is revalidated where it is, not from its first page.
        let scope: RefreshScope? = restoring == nil ? nil : .loadedPages(maxPages: 3)
        revalidation = Task { [model] in
            _ = await model.feed.refresh()  // joins the first load, from the cache or the network
            guard !Task.isCancelled, reporter.cacheStatus.needsRevalidation else { return }
            await model.refresh(ignoringCooldown: true, scope: scope)
        }
    }

    isolated deinit {
        revalidation?.cancel()
    }

    func deactivate() {
        model.images?.cancelAll()
        model.pauseLive()
    }

    /// Brings the selection up to date before it is used: rows put above a list opened in its
    /// middle move it (and the scroll) down, and once the opening page has landed the item
    /// selected when the list was left is selected again. Every use calls it first: a key, a
    /// click or the quit can come before the next frame.
    private func catchUp() {
        model.followRowsAbove()
        // After following: the item is found where it is now.
        if let id = restoring, model.rowCount > 0 {
            restoring = nil
            model.select(itemDescribedAs: id)
        }
    }

    func perform(_ intent: BrowseIntent, visibleRows: Int) {
        catchUp()
        model.perform(intent, visibleRows: visibleRows)
    }

    func wheel(up: Bool) {
        catchUp()
        model.wheel(up: up)
    }

    func click(_ row: ListRow) {
        catchUp()
        switch row {
        case .item(let index) where model.item(at: index) != nil:
            model.click(at: index)
        case .item(let index):
            // A placeholder: a click on "press R to retry" retries; otherwise it selects.
            if case .failed = model.placeholder(at: index) { model.perform(.retry, visibleRows: 1) } else { model.select(index) }
        case .footer:
            if case .failed = model.footer { model.perform(.retry, visibleRows: 1) }
        }
    }

    func draw(into frame: inout ScreenBuffer, indicator: Rect, list area: Rect, elapsed: Duration) -> [(row: ListRow, rect: Rect)] {
        catchUp()
        // A refresh that kept the selected item where it moved to: scroll as far, so the item
        // stays on the row of the screen it was on.
        if let move = model.selectionMove, move.serial != appliedMove {
            appliedMove = move.serial
            list.offset = max(0, list.offset + move.delta)
        }
        return FeedScreen(model: model, style: style, cells: cells)
            .draw(into: &frame, indicator: indicator, area: area, list: &list, elapsed: elapsed)
    }

    var reopensWhereLeft: Bool { keepsPosition }

    func drawReopening(into frame: inout ScreenBuffer, indicator: Rect, list area: Rect) -> Bool {
        catchUp()
        guard keepsPosition, let page = model.feed.page(containing: model.selection) else { return false }
        // The next launch opens on the selected item's page: its first row at the top, and the
        // list scrolled only as far as the selection needs (see `Feed(openingKey:)`).
        var reopened = ListState(selection: nil, offset: page.rows.lowerBound, margin: list.margin)
        _ = FeedScreen(model: model, style: style, cells: cells, isLaunchScreen: true)
            .draw(into: &frame, indicator: indicator, area: area, list: &reopened, elapsed: .zero)
        return true
    }

    func rowsShown(_ rows: [(row: ListRow, rect: Rect)]) {
        model.visibleRangeChanged(FeedScreen<Source>.visibleItems(rows))
    }

    func saveWhereLeft() {
        catchUp()
        guard keepsPosition, let keeper = model.feed.source as? any ListPositionKeeping<Source.Key>, let position = model.position else { return }
        keeper.savePosition(position)
    }

    func dump() -> StateDump.Tab {
        catchUp()
        return StateDump.Tab(model)
    }
}
