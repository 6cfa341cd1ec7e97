import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import Observation

/// A tab that can be searched: its feed, and the results of the words last searched for,
/// shown in its place under the same tab. Esc (with no details open) returns to the feed,
/// which kept its list, selection and scroll while the results were shown.
///
/// How the results are made is the feed's own (its ``FeedSearch``); this tab only switches
/// between the two lists.
@MainActor @Observable
final class SearchingTab: BrowserTab {
    /// The feed's own list.
    @ObservationIgnored let base: any BrowserTab
    /// The results shown now, with their words; nil while the feed is shown.
    private(set) var results: (text: SearchText, tab: any BrowserTab)?
    @ObservationIgnored private let makeResults: @MainActor (SearchText) throws -> any BrowserTab
    @ObservationIgnored private var isActive = false

    /// - Parameters:
    ///   - base: the feed's tab.
    ///   - makeResults: makes the results' tab for the words; its error says why it cannot.
    init(base: any BrowserTab, makeResults: @escaping @MainActor (SearchText) throws -> any BrowserTab) {
        self.base = base
        self.makeResults = makeResults
    }

    /// The list shown: the results, else the feed.
    var shown: any BrowserTab { results?.tab ?? base }

    var isSearchable: Bool { true }
    var searchQuery: String? { results?.text.text }

    func search(_ text: SearchText) throws {
        let tab = try makeResults(text)
        if isActive { shown.deactivate() }
        results = (text, tab)
        if isActive { tab.activate() }
    }

    func endSearch() -> Bool {
        guard let results else { return false }
        self.results = nil
        if isActive {
            results.tab.deactivate()
            base.activate()
        }
        return true
    }

    var kind: FeedID { base.kind }
    var nouns: Nouns { shown.nouns }
    var sourceLabel: String { shown.sourceLabel }
    var status: FeedStatus { shown.status }
    var isAnimating: Bool { shown.isAnimating }
    var hasDetails: Bool { shown.hasDetails }
    var isOpening: Bool { shown.isOpening }
    var cacheHitRate: Double? { shown.cacheHitRate }
    var statusNote: String? {
        guard results != nil else { return base.statusNote }
        return [shown.statusNote, "Esc back to the list"].compactMap { $0 }.joined(separator: " · ")
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
        if intent == .close, results != nil, !shown.hasDetails {
            _ = endSearch()
            return
        }
        shown.perform(intent, visibleRows: visibleRows)
    }

    func wheel(up: Bool) { shown.wheel(up: up) }
    func click(_ row: ListRow) { shown.click(row) }

    func draw(into frame: inout ScreenBuffer, indicator: Rect, list: Rect, elapsed: Duration) -> [(row: ListRow, rect: Rect)] {
        shown.draw(into: &frame, indicator: indicator, list: list, elapsed: elapsed)
    }

    var reopensWhereLeft: Bool { base.reopensWhereLeft }

    func drawReopening(into frame: inout ScreenBuffer, indicator: Rect, list: Rect) -> Bool {
        base.drawReopening(into: &frame, indicator: indicator, list: list)
    }

    func rowsShown(_ rows: [(row: ListRow, rect: Rect)]) { shown.rowsShown(rows) }
    func saveWhereLeft() { base.saveWhereLeft() }
    func dump() -> StateDump.Tab { shown.dump() }
}
