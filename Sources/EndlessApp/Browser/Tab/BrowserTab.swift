import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import Foundation

/// One tab of the browser, whatever its feed: what the browser's model, loop and screen need
/// from it. ``FeedTab`` is the one implementation, generic over the feed's page source; this
/// protocol lets the browser hold people, users, photos and coins side by side.
@MainActor
protocol BrowserTab: AnyObject {
    /// Which feed it is.
    var kind: FeedID { get }
    /// `person` / `people`.
    var nouns: Nouns { get }
    /// Where its items come from, for the header.
    var sourceLabel: String { get }
    /// What of the feed is shown, when not the feed itself (`“sea”`, `★ starred`, `by price`):
    /// the header keeps it after the source gives way, since it says what the rows are.
    var viewLabel: String? { get }
    /// The header's figures: seed, page, rows.
    var status: FeedStatus { get }
    /// Whether something on it moves with time alone wherever its list is scrolled (a
    /// countdown, a pull). A spinner on a row (a page loading) says so in the frame that
    /// draws it (`ScreenBuffer.showsAnimation`): pages load ahead of the screen, out of sight.
    var isAnimating: Bool { get }
    /// Whether its details panel is open.
    var hasDetails: Bool { get }
    /// Whether its first page is on its way and it has nothing to show yet.
    var isOpening: Bool { get }
    /// The image store's hit rate, 0...1, or nil without images.
    var cacheHitRate: Double? { get }
    /// How its network is failing, read every frame: `offline`, `rate-limited`, `service
    /// error`; nil while it is not. Apart from ``statusNote`` so that a narrow status bar keeps
    /// it longer than a key hint.
    var statusAlert: String? { get }
    /// The tab's own segment of the status bar, read every frame: `41 requests left this hour`,
    /// `cached 3 min ago`; nil for none.
    var statusNote: String? { get }

    /// Shown: loads the first page the first time (a hidden tab costs no request).
    func activate()
    /// Hidden: stops loading pictures for rows nobody sees. Pages, position and load states stay.
    func deactivate()
    /// Carries out a list intent.
    func perform(_ intent: ListIntent, visibleRows: Int)
    /// One notch of the mouse wheel.
    func wheel(up: Bool)
    /// A click on a row.
    func click(_ row: ListRow)
    /// Draws the indicator line, the list and the details; returns the rows drawn. What they
    /// say to press (`press R to retry`) names the keys as `keys` binds them (nil: as by default).
    func draw(
        into frame: inout ScreenBuffer, indicator: Rect, list: Rect, elapsed: Duration, keys: (any BoundKeys)?
    ) -> [(row: ListRow, rect: Rect)]
    /// Whether the next launch opens its list where it is now (see ``saveWhereLeft()``).
    var reopensWhereLeft: Bool { get }
    /// Draws the indicator line and the list as the next launch will open them, for its
    /// ``LaunchScreen``: pictures as their placeholders (they load again), no details.
    /// - Returns: false, drawing nothing, when the tab does not open where it was left or has
    ///   nothing selected yet (its first page has not landed).
    func drawReopening(into frame: inout ScreenBuffer, indicator: Rect, list: Rect) -> Bool
    /// Hears which rows the last frame showed.
    func rowsShown(_ rows: [(row: ListRow, rect: Rect)])
    /// Records where its list is (the page and the item selected), for the next launch to
    /// open there; nothing for a feed without a page cache.
    func saveWhereLeft()
    /// What `--dump-state` writes for it.
    func dump() -> StateDump.Tab

    /// Whether `/` searches it (its feed declares a search).
    var isSearchable: Bool { get }
    /// The words whose results it shows; nil while it shows its feed.
    var searchQuery: String? { get }
    /// Shows the results of `text` in place of its list (which keeps its place).
    /// - Throws: why the results cannot be made.
    func search(_ text: SearchText) throws
    /// Returns to its list from the results; false when none were shown.
    func endSearch() -> Bool
    /// Whether `o` shows it in other orders.
    var isSortable: Bool { get }
    /// The order shown, when not the feed's own: `volume ↓`.
    var sortLabel: String? { get }
    /// Shows the next order (after the last, the feed's own again).
    /// - Throws: why the list cannot be shown in it.
    func nextSort() throws
    /// The item selected: its id as text and its JSON as the service sent it; nil for none.
    var selectedItem: (id: String, json: RawJSON)? { get }
    /// The selected item's name as its details title it (`Monique Kohler`, `Bitcoin`), as the
    /// service sent it; nil for none.
    var selectedTitle: String? { get }
    /// Whether `*` and `F` star its items and show them.
    var keepsFavourites: Bool { get }
    /// Stars the selected item, or unstars it; says which, for the status bar (nil: nothing selected).
    func toggleStar() -> String?
    /// Shows the starred items in place of its list (`F` again, or Esc, returns).
    /// - Throws: why they cannot be shown.
    func showStarred() throws
    /// Whether its items have web pages (`O`).
    var hasPages: Bool { get }
    /// What `y` copies of its items, as the key help names it after `copy its` (`email`);
    /// nil when it copies nothing.
    var copies: String? { get }
    /// The selected item's web page; nil for none.
    var selectedPage: URL? { get }
    /// What `y` copies of the selected item, and its name; nil for nothing.
    var selectedCopy: (what: String, text: String)? { get }
    /// Whether its details chart switches ranges (`[`, `]`).
    var hasChartRanges: Bool { get }
    /// Steps the range of the chart in the open details (1: longer, -1: shorter); says what
    /// stops it, for the status bar, or nil.
    func stepChartRange(by delta: Int) -> String?
    /// How its details are revised before they are drawn (another range's chart); nil draws
    /// them as the view model has them.
    var detailsRevision: (@MainActor (ItemDetails) -> ItemDetails)? { get set }
    /// Whether `d` downloads its items' files.
    var hasDownloads: Bool { get }
    /// What `d` downloads of the selected item; nil for nothing.
    var selectedDownload: ItemDownload? { get }
}

extension BrowserTab {
    /// ``draw(into:indicator:list:elapsed:keys:)`` with every key where it is by default.
    func draw(into frame: inout ScreenBuffer, indicator: Rect, list: Rect, elapsed: Duration) -> [(row: ListRow, rect: Rect)] {
        draw(into: &frame, indicator: indicator, list: list, elapsed: elapsed, keys: nil)
    }

    /// Whether the key for `intent` does something here; the help lists only those.
    func offers(_ intent: BrowseIntent) -> Bool {
        switch intent {
        case .search: isSearchable
        case .nextSort: isSortable
        case .toggleStar, .showStarred: keepsFavourites
        case .openPage: hasPages
        case .copy: copies != nil
        case .previousChartRange, .nextChartRange: hasChartRanges
        case .download: hasDownloads
        default: true
        }
    }

    var isSearchable: Bool { false }
    var viewLabel: String? { nil }
    var searchQuery: String? { nil }
    func search(_ text: SearchText) throws {}
    func endSearch() -> Bool { false }
    var isSortable: Bool { false }
    var sortLabel: String? { nil }
    func nextSort() throws {}
    var keepsFavourites: Bool { false }
    func toggleStar() -> String? { nil }
    var selectedTitle: String? { nil }
    func showStarred() throws {}
    var hasPages: Bool { false }
    var copies: String? { nil }
    var selectedPage: URL? { nil }
    var selectedCopy: (what: String, text: String)? { nil }
    var hasChartRanges: Bool { false }
    func stepChartRange(by delta: Int) -> String? { nil }
    var hasDownloads: Bool { false }
    var selectedDownload: ItemDownload? { nil }
}
