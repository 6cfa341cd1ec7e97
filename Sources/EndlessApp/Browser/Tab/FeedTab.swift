import Endless
import EndlessCache
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTerminalWidgets

/// A feed's tab: its view model, how its rows look, its pictures, and where its list is
/// scrolled to (the selection is the view model's). Each
/// tab keeps all of it while hidden, so switching back reloads nothing and lands where the
/// person left.
@MainActor
final class FeedTab<Source: PageSource>: BrowserTab {
    let kind: FeedID
    let model: FeedViewModel<Source>
    let style: FeedRowStyle<Source.Item>
    let cells: ImageCells
    /// The pictures, or nil without images (the view model loads them through it too).
    let images: ImageStore?
    /// The rows drawn lately, copied into the next frames while they show the same.
    private let rowMemo: ListRowMemo?
    /// ``ImageCells/graphicsMade`` when the row memo was last emptied for it.
    private var rowsKeptAtGraphics = 0
    /// Where the list is scrolled to; kept between frames and while hidden.
    private var list = ListState()
    private var started = false
    /// The refresh that follows a first page opened from the cache (stale while revalidate).
    private var revalidation: Task<Void, Never>?
    /// The last ``FeedViewModel/selectionMove`` scrolled along with.
    private var appliedMove = 0
    /// The feed's list (`RowsAbove.list`, new with each successful refresh) the rows shown
    /// were last reported from.
    private var listShown = 0
    /// Whether the list's place is saved at quit, for the next launch to open there.
    private let keepsPosition: Bool
    var detailsRevision: (@MainActor (ItemDetails) -> ItemDetails)?
    /// The feed's starred ids, whose rows show ★; nil for none.
    var starMarks: StarMarks?

    /// Creates a tab.
    /// - Parameters:
    ///   - kind: which feed it is.
    ///   - model: the feed's view model, not started yet, loading its pictures from `images`.
    ///   - style: how its rows look.
    ///   - cells: turns pictures into cells or graphics for this terminal.
    ///   - images: the pictures, or nil without images.
    ///   - keepsPosition: whether to save the list's place at quit (a feed whose pages name
    ///     no page before them cannot open in its middle, and a live ranking should not).
    ///   - keepsRows: whether rows that show the same are copied from frame to frame rather
    ///     than drawn again (tests turn it off to compare).
    init(
        kind: FeedID, model: FeedViewModel<Source>, style: FeedRowStyle<Source.Item>, cells: ImageCells, images: ImageStore?,
        keepsPosition: Bool = true, keepsRows: Bool = true
    ) {
        rowMemo = keepsRows ? ListRowMemo(rowsOf: Source.Item.self) : nil
        self.kind = kind
        self.model = model
        self.style = style
        self.cells = cells
        self.images = images
        self.keepsPosition = keepsPosition
        model.imageSizing = cells.sizing(row: style.rowImageSize, details: style.detailsImageSize)
    }

    var nouns: Nouns { model.descriptor.nouns }
    var sourceLabel: String {
        guard let order = model.descriptor.order else { return model.descriptor.sourceLabel }
        return "\(model.descriptor.sourceLabel) · by \(order)"
    }
    var viewLabel: String? { model.descriptor.order.map { "by \($0)" } }
    var status: FeedStatus { model.status }
    var isAnimating: Bool { model.animatesWhereverScrolled }
    var hasDetails: Bool { model.isShowingDetails }
    var isOpening: Bool { model.rowCount == 0 && model.feed.loadStates.refresh.isLoading }
    var cacheHitRate: Double? { images?.cacheHitRate }
    /// The cache's account of the network failing (`offline`, `rate-limited`).
    var statusAlert: String? { cacheStatus?.failureSummary }
    /// The feed's own note (`41 requests left this hour`), then the cache's (`cached 3 min ago`).
    var statusNote: String? {
        let notes = [model.descriptor.statusNote?(), cacheStatus?.originSummary(now: model.now())].compactMap { $0 }
        return notes.isEmpty ? nil : notes.joined(separator: " · ")
    }
    private var cacheStatus: CacheStatus? { (model.feed.source as? any CacheStatusReporting)?.cacheStatus }

    /// Starts the feed the first time; a first page opened from the page cache is then
    /// revalidated from the network at once, its rows staying on screen meanwhile (and after, if
    /// the network fails).
    func activate() {
        model.start()
        guard !started else { return }
        started = true
        guard let reporter = model.feed.source as? any CacheStatusReporting else { return }
        // A list opened where it was left is revalidated where it is, not from its first page.
        let scope: RefreshScope? = model.itemToReselect == nil ? nil : .loadedPages(maxPages: 3)
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
        images?.cancelAll()
        model.pauseLive()
    }

    func perform(_ intent: ListIntent, visibleRows: Int) {
        let before = model.selection
        // Retrying what failed retries the pictures too: after an outage the rows it left
        // with initials load their pictures again, not only the pages that failed.
        if intent == .retry { images?.forgetFailures() }
        model.perform(intent, visibleRows: visibleRows)
        if intent == .pageDown || intent == .pageUp {
            // A page turns as in less: the rows scroll as far as the selection moved (a page,
            // the rows on screen less one), so the last row of the old page is near the top.
            list.offset = max(0, list.offset + model.selection - before)
        }
    }

    func wheel(up: Bool) {
        model.wheel(up: up)
    }

    func click(_ row: ListRow) {
        switch row {
        case .item(let index), .cutItem(let index):
            if model.item(at: index) != nil {
                model.click(at: index)
            } else if case .failed = model.placeholder(at: index) {
                // A placeholder: a click on "press R to retry" retries; otherwise it selects.
                model.perform(.retry, visibleRows: 1)
            } else {
                model.select(index)
            }
        case .footer:
            if case .failed = model.footer { model.perform(.retry, visibleRows: 1) }
        }
    }

    func draw(
        into frame: inout ScreenBuffer, indicator: Rect, list area: Rect, elapsed: Duration, keys: (any BoundKeys)?
    ) -> [(row: ListRow, rect: Rect)] {
        // A refresh that kept the selected item where it moved to: scroll as far, so the item
        // stays on the row of the screen it was on.
        if let move = model.selectionMove, move.serial != appliedMove {
            appliedMove = move.serial
            list.offset = max(0, list.offset + move.delta)
        }
        // Rows kept before a graphic was made off the main thread may show its picture in half
        // blocks: drawn again (read in the frame, so a graphic made brings one).
        if let rowMemo, cells.usesPixels, cells.graphicsMade != rowsKeptAtGraphics {
            rowMemo.removeAll()
            rowsKeptAtGraphics = cells.graphicsMade
        }
        var screen = FeedScreen(model: model, style: style, cells: cells, images: images, starred: starMarks?.starred ?? [], rowMemo: rowMemo)
        screen.reviseDetails = detailsRevision
        screen.keys = keys
        return screen.draw(into: &frame, indicator: indicator, area: area, list: &list, elapsed: elapsed)
    }

    /// Rows drawn rather than copied so far (for tests: a `j` draws two).
    var rowsDrawn: Int { rowMemo?.made ?? 0 }
    /// The memo itself, for tests.
    var rowMemoForTests: ListRowMemo? { rowMemo }

    var reopensWhereLeft: Bool { keepsPosition }

    func drawReopening(into frame: inout ScreenBuffer, indicator: Rect, list area: Rect) -> Bool {
        guard keepsPosition, let page = model.feed.page(containing: model.selection) else { return false }
        // The next launch opens on the selected item's page: its first row at the top, and the
        // list scrolled only as far as the selection needs (see `Feed(openingKey:)`).
        var reopened = ListState(selection: nil, offset: page.rows.lowerBound, margin: list.margin)
        _ = FeedScreen(model: model, style: style, cells: cells, images: images, starred: starMarks?.starred ?? [], isLaunchScreen: true)
            .draw(into: &frame, indicator: indicator, area: area, list: &reopened, elapsed: .zero)
        return true
    }

    func rowsShown(_ rows: [(row: ListRow, rect: Rect)]) {
        // A refresh that succeeded put a new list in place: the pictures that failed before it
        // (during an outage) are asked for again, starting with the rows this report shows.
        let list = model.feed.rowsAbove.list
        if list != listShown {
            listShown = list
            images?.forgetFailures()
        }
        model.visibleRangeChanged(FeedScreen<Source>.visibleItems(rows))
    }

    func saveWhereLeft() {
        guard keepsPosition, let keeper = model.feed.source as? any ListPositionKeeping<Source.Key>, let position = model.position else { return }
        keeper.savePosition(position)
    }

    var selectedItem: (id: String, json: RawJSON)? {
        guard let item = model.feed.items.item(at: model.selection) as? any RawJSONRepresentable,
            let identified = item as? any Identifiable
        else { return nil }
        return (String(describing: identified.id), item.rawJSON)
    }

    var selectedTitle: String? {
        model.feed.items.item(at: model.selection).map { model.descriptor.details($0, model.now()).title.raw }
    }

    func dump() -> StateDump.Tab {
        StateDump.Tab(model, feed: kind)
    }
}
