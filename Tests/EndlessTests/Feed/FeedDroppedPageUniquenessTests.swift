import EndlessTesting
import Testing

@testable import Endless

/// Items stay unique by id across pages even when the page an id first came in has been
/// dropped (`maxLoadedItems`): a new page may not repeat an id of a dropped page near the
/// window, which would show twice within a screen or two, and would make that page fail to
/// reload as it was when scrolled back to.
@MainActor
@Suite("Feed: ids unique across recently dropped pages", .timeLimit(TimeBudget.minutes(1)))
struct FeedDroppedPageUniquenessTests {
    nonisolated static let pageSize = 20
    /// How far back a repeated id comes from: six pages, beyond a 100-item window (five
    /// pages), so the page it came in is always dropped by the time it repeats.
    nonisolated static let repeatDistance = 6 * pageSize

    /// The first two items of every page from page 6 on repeat the ids of the same positions
    /// six pages back.
    nonisolated static func item(at position: Int) -> ScriptedItem {
        guard position >= repeatDistance, position % pageSize < 2 else { return ScriptedItem(id: position) }
        return ScriptedItem(id: position - repeatDistance, position: position)
    }

    @Test("a page repeating ids of a page dropped six pages back shows none of them again: every row a new id")
    func repeatsFromDroppedPages() async throws {
        let clock = ManualClock()
        let source = ScriptedPageSource<ScriptedItem>(pageSize: Self.pageSize, clock: clock, makeItem: Self.item(at:))
        let configuration = FeedConfiguration(pageSize: Self.pageSize, maxLoadedItems: 100, minimumIndicatorDuration: .zero)
        let feed = Feed(source: source, configuration: configuration, clock: clock)
        feed.loadFirstPageIfNeeded()
        var shown: [Int] = []
        for row in 0..<280 {
            feed.itemAppeared(at: row)
            try #require(await feed.wait { $0.loadStates.loadingCount == 0 })
            shown.append(try #require(feed.items.item(at: row), "row \(row) not loaded").id)
        }
        #expect(feed.items.placeholdersBefore > 0, "pages were dropped")
        #expect(source.requests.contains { ($0.key ?? 0) >= 13 }, "pages that repeat ids were loaded")
        var rowsOfID: [Int: [Int]] = [:]
        for (row, id) in shown.enumerated() { rowsOfID[id, default: []].append(row) }
        let repeated = rowsOfID.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        #expect(repeated.isEmpty, "ids shown on more than one row: \(repeated.prefix(5).map { "#\($0.key) on rows \($0.value)" })")
    }
}
