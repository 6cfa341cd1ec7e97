import Endless
import EndlessTesting
import Testing

/// Refresh that keeps the place: the item first on screen, found again by id.
@MainActor
@Suite("Feed: refresh keeping the place", .timeLimit(TimeBudget.minutes(1)))
struct FeedAnchorTests {
    private static func items(_ ids: some Sequence<Int>) -> [ScriptedItem] { ids.map { ScriptedItem(id: $0) } }

    @Test("after a first-page refresh, the item first on screen is found at its new index")
    func anchorInFirstPage() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.feed.visibleRangeChanged(5..<15)
        // Three new items at the top: item 5 moves to row 8.
        harness.source.script(.items(Self.items([100, 101, 102]) + Self.items(0..<17)), forPage: 0)
        guard case .refreshed = await harness.feed.refresh() else {
            Issue.record("expected a refresh")
            return
        }
        #expect(harness.feed.refreshAnchorIndex == 8)
        #expect(harness.feed.items.item(at: 8)?.id == 5)
    }

    @Test("when the item first on screen is not in the new data, there is no anchor: show the top")
    func anchorGone() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        await harness.see([19])
        harness.feed.visibleRangeChanged(30..<40)
        await harness.feed.refresh()
        #expect(harness.feed.refreshAnchorIndex == nil)
        // Only the new first page: rows 30… belonged to the old list; the view reports anew.
        #expect(harness.feed.items.indices == 0..<20)
        #expect(harness.feed.loadsInFlight == 0)
    }

    @Test("refreshing the loaded pages (bounded) reloads the pages around the screen and keeps the place")
    func loadedPages() async {
        var configuration = FeedConfiguration.test
        configuration.refreshScope = .loadedPages(maxPages: 3)
        let harness = FeedHarness(configuration: configuration)
        await harness.loadFirstPage()
        for row in [19, 39, 59, 79] { await harness.see([row]) }
        #expect(harness.feed.pageKeys == [0, 1, 2, 3, 4])
        harness.feed.visibleRangeChanged(45..<55)  // on page 2
        let before = harness.source.requests.count
        // Page 1 got five new items at its start.
        harness.source.script(.items(Self.items(500..<505) + Self.items(20..<40)), forPage: 1)

        guard case .refreshed = await harness.feed.refresh() else {
            Issue.record("expected a refresh")
            return
        }
        let refreshed = harness.source.requests.dropFirst(before).prefix(3)
        #expect(Set(refreshed.map(\.key)) == [1, 2, 3])  // three pages around the screen, not five
        #expect(refreshed.allSatisfy { $0.direction == .refresh })
        #expect(harness.feed.items.item(at: 0)?.id == 0)  // page 0 kept, at its indices
        #expect(harness.feed.items.item(at: 20)?.id == 500)
        #expect(harness.feed.refreshAnchorIndex == 50)  // item 45 moved down by 5
        #expect(harness.feed.items.item(at: 50)?.id == 45)
        #expect(harness.feed.pageKeys.prefix(4) == [0, 1, 2, 3])  // pages after 3 load again as needed
    }
}
