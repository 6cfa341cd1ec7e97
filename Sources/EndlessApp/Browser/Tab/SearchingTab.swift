import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import Foundation
import Observation

/// A tab that can be searched and sorted: its feed, and in its place the results of the
/// words last searched for, or the feed in another order. Esc (with no details open) returns
/// to the feed, which kept its list, selection and scroll meanwhile.
///
/// How results and orders are made is the feed's own (its ``FeedSearch`` and ``FeedSorting``);
/// this tab only switches between the lists.
///
/// Its properties are `@SignalObserved`, like the view model's: a frame reads them dozens of
/// times, and a tracked property's read costs the frame's observation a key-path lookup and
/// insertion each (issue 29), where a signal-observed one, inside the frame's coarse scope, is
/// one flag test.
@MainActor @Observable
final class SearchingTab: BrowserTab {
    /// The feed's own list.
    @ObservationIgnored let base: any BrowserTab
    /// The results shown now, with their words; nil while none are.
    @ObservationIgnored @SignalObserved private(set) var results: (text: SearchText, tab: any BrowserTab)? = nil
    /// The other order shown now (an index into ``sortLabels``), and its label; nil for the
    /// feed's own order.
    @ObservationIgnored @SignalObserved private(set) var sorted: (index: Int, label: String, tab: any BrowserTab)? = nil
    /// The orders `o` cycles through, after the feed's own.
    @ObservationIgnored let sortLabels: [String]
    /// What the status bar says under results, an order or the starred list: `Esc back to the
    /// list`, with the key as bound; nil when closing has no key.
    @ObservationIgnored private let backToTheList: String?
    @ObservationIgnored private let makeResults: (@MainActor (SearchText) throws -> any BrowserTab)?
    @ObservationIgnored private let makeSorted: @MainActor (Int?) throws -> (label: String, tab: any BrowserTab)?
    @ObservationIgnored private var isActive = false
    /// The starred items shown now; nil while they are not.
    @ObservationIgnored @SignalObserved private(set) var starred: (any BrowserTab)? = nil
    /// What starring is done with; nil when the feed keeps no favourites.
    @ObservationIgnored var favourites: Favourites?

    /// What the items link to: kept by the feed's definition.
    struct Links {
        /// The page of an item; nil when the feed's items have none.
        let page: (@MainActor (RawJSON) -> URL?)?
        let copy: @MainActor (RawJSON) -> (what: String, text: String)?
        /// What `y` copies, for the key help: `email`.
        let copies: String
    }

    /// What its items link to; nil when nothing.
    @ObservationIgnored var links: Links?
    /// The ranges its details chart switches between, whichever list is shown (the results'
    /// and the starred items' details alike); nil when the feed declares none.
    @ObservationIgnored var chartRanges: ChartRanges?
    @ObservationIgnored var detailsRevision: (@MainActor (ItemDetails) -> ItemDetails)?
    /// What `d` downloads of an item, read from its JSON (kept by the feed's definition); nil
    /// when the feed has nothing to download.
    @ObservationIgnored var download: (@MainActor (RawJSON) -> ItemDownload?)?

    /// How a tab stars items and shows them: kept by the feed's definition.
    struct Favourites {
        /// Stars (true) or unstars (false) the item with this id and JSON; returns whether it is
        /// starred now.
        let toggle: @MainActor (_ id: String, _ json: RawJSON) -> Bool
        /// The tab of the starred items.
        let makeTab: @MainActor () throws -> any BrowserTab
    }

    /// - Parameters:
    ///   - base: the feed's tab.
    ///   - sortLabels: the feed's other orders.
    ///   - keys: the keys the config file moved, for the status bar's `Esc back to the list`.
    ///   - makeResults: makes the results' tab for the words; nil when the feed cannot be searched.
    ///   - makeSorted: makes the tab of the order at an index of `sortLabels`, and its label;
    ///     called with nil when the feed's own order is shown again.
    init(
        base: any BrowserTab, sortLabels: [String] = [], keys: KeyRebinding = .none,
        makeResults: (@MainActor (SearchText) throws -> any BrowserTab)?,
        makeSorted: @escaping @MainActor (Int?) throws -> (label: String, tab: any BrowserTab)? = { _ in nil }
    ) {
        self.base = base
        self.sortLabels = sortLabels
        backToTheList = keys.backToTheList
        self.makeResults = makeResults
        self.makeSorted = makeSorted
        shown = base
    }

    /// The list shown: the results, else the starred items, else the feed in the order chosen.
    /// Kept (by ``show(_:)``) rather than worked out at each read: a frame reads it some ten
    /// times, and each working-out was three observed reads (issue 29).
    @ObservationIgnored @SignalObserved private(set) var shown: any BrowserTab

    var isSearchable: Bool { makeResults != nil }
    var searchQuery: String? { results?.text.text }

    func search(_ text: SearchText) throws {
        guard let makeResults else { return }
        let tab = try makeResults(text)
        show { results = (text, tab) }
    }

    func endSearch() -> Bool {
        guard results != nil else { return false }
        show { results = nil }
        return true
    }

    var isSortable: Bool { !sortLabels.isEmpty }
    var sortLabel: String? { sorted?.label }

    func nextSort() throws {
        let next = (sorted?.index ?? -1) + 1
        if next >= sortLabels.count {
            _ = try makeSorted(nil)
            show {
                results = nil
                sorted = nil
            }
            return
        }
        guard let made = try makeSorted(next) else { return }
        show {
            results = nil
            sorted = (next, made.label, made.tab)
        }
    }

    var selectedItem: (id: String, json: RawJSON)? { shown.selectedItem }
    var selectedTitle: String? { shown.selectedTitle }
    var keepsFavourites: Bool { favourites != nil }
    var hasPages: Bool { links?.page != nil }
    var copies: String? { links?.copies }
    var selectedPage: URL? { shown.selectedItem.flatMap { item in links?.page?(item.json) } }
    var selectedCopy: (what: String, text: String)? { shown.selectedItem.flatMap { links?.copy($0.json) } }
    var hasChartRanges: Bool { chartRanges != nil }

    func stepChartRange(by delta: Int) -> String? {
        guard let chartRanges else { return nil }
        guard shown.hasDetails, let item = shown.selectedItem else { return "open the details (⏎) to change the chart's range" }
        chartRanges.step(by: delta, for: item)
        return nil
    }
    var hasDownloads: Bool { download != nil }
    var selectedDownload: ItemDownload? { shown.selectedItem.flatMap { download?($0.json) } }

    func toggleStar() -> String? {
        guard let favourites, let item = shown.selectedItem else { return nil }
        let isStarred = favourites.toggle(item.id, item.json)
        // By name, as the row shows it: a person's id is a UUID nobody reads.
        let title = BrowserModel.printable(shown.selectedTitle ?? "", limit: 40)
        return "\(isStarred ? "starred" : "unstarred") \(nouns.singular) \(title.isEmpty ? BrowserModel.printable(item.id, limit: 40) : title)"
    }

    func showStarred() throws {
        guard let favourites else { return }
        if starred != nil {
            show { starred = nil }
            return
        }
        let tab = try favourites.makeTab()
        show {
            results = nil
            starred = tab
        }
    }

    /// Back to the feed's own order.
    private func nextSortEnding() throws {
        _ = try makeSorted(nil)
        show { sorted = nil }
    }

    /// Makes `change` to what is shown, hiding the list shown before and showing the new one.
    private func show(_ change: () -> Void) {
        let before = shown
        change()
        let after = results?.tab ?? starred ?? sorted?.tab ?? base
        guard before !== after else { return }
        shown = after
        guard isActive else { return }
        before.deactivate()
        after.activate()
    }

    var kind: FeedID { base.kind }
    var nouns: Nouns { shown.nouns }
    var sourceLabel: String {
        if results == nil, starred != nil { return "★ starred · \(shown.sourceLabel)" }
        guard results == nil, let sorted else { return shown.sourceLabel }
        return "\(shown.sourceLabel) · by \(sorted.label)"
    }
    var viewLabel: String? {
        // The words, and the results' order when their tab names one (`“sol” by volume ↓`).
        if let results { return [results.text.quoted, results.tab.viewLabel].compactMap { $0 }.joined(separator: " ") }
        if starred != nil { return "★ starred" }
        return sorted.map { "by \($0.label)" }
    }
    var status: FeedStatus { shown.status }
    var isAnimating: Bool { shown.isAnimating }
    var hasDetails: Bool { shown.hasDetails }
    var isOpening: Bool { shown.isOpening }
    var cacheHitRate: Double? { shown.cacheHitRate }
    var statusAlert: String? { shown.statusAlert }
    var statusNote: String? {
        let chart = shown.hasDetails ? chartRanges?.note(forDetailsOf: shown.selectedItem?.id) : nil
        guard results != nil || sorted != nil || starred != nil else {
            return [chart, base.statusNote].compactMap { $0 }.joined(separator: " · ").nilIfEmpty
        }
        return [chart, shown.statusNote, backToTheList].compactMap { $0 }.joined(separator: " · ").nilIfEmpty
    }

    func activate() {
        isActive = true
        shown.activate()
    }

    func deactivate() {
        isActive = false
        shown.deactivate()
    }

    func perform(_ intent: ListIntent, visibleRows: Int) {
        if intent == .close, !shown.hasDetails {
            if endSearch() { return }
            if starred != nil {
                show { starred = nil }
                return
            }
            if sorted != nil {
                try? nextSortEnding()
                return
            }
        }
        shown.perform(intent, visibleRows: visibleRows)
    }

    func wheel(up: Bool) { shown.wheel(up: up) }
    func click(_ row: ListRow) { shown.click(row) }

    func draw(
        into frame: inout ScreenBuffer, indicator: Rect, list: Rect, elapsed: Duration, keys: (any BoundKeys)?
    ) -> [(row: ListRow, rect: Rect)] {
        if let chartRanges, shown.detailsRevision == nil {
            shown.detailsRevision = { chartRanges.revise($0) }
        }
        return shown.draw(into: &frame, indicator: indicator, list: list, elapsed: elapsed, keys: keys)
    }

    var reopensWhereLeft: Bool { base.reopensWhereLeft }

    func drawReopening(into frame: inout ScreenBuffer, indicator: Rect, list: Rect) -> Bool {
        base.drawReopening(into: &frame, indicator: indicator, list: list)
    }

    func rowsShown(_ rows: [(row: ListRow, rect: Rect)]) { shown.rowsShown(rows) }
    func saveWhereLeft() { base.saveWhereLeft() }
    func dump() -> StateDump.Tab { shown.dump() }
}

extension String {
    /// Nil for the empty string.
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
