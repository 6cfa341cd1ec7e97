import Endless
import EndlessTesting
import Testing

@MainActor
@Suite("Feed: loading and demand", .timeLimit(TimeBudget.minutes(1)))
struct FeedLoadingTests {
    @Test("the first page loads once, however often a view asks")
    func firstPageOnce() async {
        let harness = FeedHarness(gated: true)
        let feed = harness.feed
        feed.loadFirstPageIfNeeded()
        feed.loadFirstPageIfNeeded()
        await harness.source.waitingRequests(atLeast: 1)
        #expect(feed.loadStates.refresh.isLoading)
        harness.source.release()
        await feed.wait { !$0.loadStates.refresh.isLoading }
        feed.loadFirstPageIfNeeded()

        #expect(harness.source.requests == [PageRequest(direction: .refresh, key: nil, loadSize: 20)])
        #expect(feed.items.ids == Array(0..<20))
        #expect(feed.loadStates.append.isIdle)
        #expect(feed.loadStates.prepend.isEndReached)  // page 0 has no previous page
    }

    @Test("a failed first load is not repeated by loadFirstPageIfNeeded, only by retry")
    func failedFirstLoad() async {
        let harness = FeedHarness()
        harness.source.script(.failure(ScriptedFailure()))
        await harness.loadFirstPage()
        #expect(harness.feed.loadStates.refresh.error is ScriptedFailure)
        harness.feed.loadFirstPageIfNeeded()
        #expect(harness.source.requests.count == 1)

        harness.feed.retry()
        await harness.feed.wait { $0.loadStates.refresh.isIdle }
        #expect(harness.feed.items.count == 20)
        #expect(harness.source.requests.map(\.key) == [nil, nil])
        #expect(harness.feed.loadStates.refresh.isIdle)
    }

    @Test(
        "rows reported before the first page lands load nothing then; the part the first page reaches counts once it lands, rows past it are forgotten"
    )
    func rowsReportedBeforeTheFirstPage() async {
        // Far down: the first page is 20 rows, so rows 100 to 119 are no row of the list.
        let far = FeedHarness(gated: true)
        far.feed.loadFirstPageIfNeeded()
        far.feed.visibleRangeChanged(100..<120)
        await far.source.waitingRequests(atLeast: 1)
        #expect(far.source.requests.map(\.key) == [nil], "nothing but the first page before it lands")
        far.source.release()
        await far.settle()
        #expect(far.source.requests.map(\.key) == [nil], "a window past the list is forgotten, not served")
        #expect(far.feed.items.count == 20)

        // Within the first page: its last rows on screen, so the next page loads as it lands.
        let near = FeedHarness(gated: true)
        near.feed.loadFirstPageIfNeeded()
        near.feed.visibleRangeChanged(10..<20)
        await near.source.waitingRequests(atLeast: 1)
        #expect(near.source.requests.map(\.key) == [nil])
        near.source.release()
        await near.source.waitingRequests(atLeast: 1)
        #expect(near.source.requests.map(\.key) == [nil, 1])
    }

    @Test("at most one load per direction: rows reported during a load start nothing more")
    func oneLoadPerDirection() async {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        for row in 0..<20 { harness.feed.itemAppeared(at: row) }
        for _ in 0..<10 { harness.feed.itemAppeared(at: 19) }
        await harness.source.waitingRequests(atLeast: 1)
        #expect(harness.source.requests.map(\.key) == [nil, 1])
        #expect(harness.feed.loadStates.append.isLoading)

        harness.source.release()
        await harness.settle()
        #expect(harness.source.requests.map(\.key) == [nil, 1])
        #expect(harness.feed.items.ids == Array(0..<40))
    }

    @Test("demand that arrives during a load is merged and served when the page lands")
    func demandMerged() async {
        let harness = FeedHarness(configuration: FeedConfiguration(prefetchDistance: 30, minimumIndicatorDuration: .zero), gated: true)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 0)  // 19 items left < 30: load page 1
        await harness.source.waitingRequests(atLeast: 1)
        harness.feed.itemAppeared(at: 19)  // arrives while page 1 loads…
        harness.feed.itemAppeared(at: 3)  // …and a nearer row after it does not erase it
        harness.source.release()
        // Page 1 lands with 20 left after row 19 (< 30): the feed loads page 2 on its own.
        await harness.source.waitingRequests(atLeast: 1)
        #expect(harness.source.requests.map(\.key) == [nil, 1, 2])
        harness.source.release()
        await harness.settle()
        #expect(harness.feed.items.count == 60)
        #expect(harness.source.requests.count == 3)
    }

    @Test("after each page the feed keeps loading until the window past the furthest row is full")
    func fillsWindow() async {
        let harness = FeedHarness(configuration: FeedConfiguration(prefetchDistance: 100, minimumIndicatorDuration: .zero))
        await harness.loadFirstPage()
        await harness.see([19])
        // 19 + 100 < endIndex needs 120 items: pages 1…5, with no further signal from the view.
        #expect(harness.source.requests.map(\.key) == [nil, 1, 2, 3, 4, 5])
        #expect(harness.feed.items.endIndex == 120)
    }

    @Test("nothing loads while more than prefetchDistance items remain past the rows seen")
    func respectsDistance() async {
        let harness = FeedHarness(configuration: FeedConfiguration(prefetchDistance: 5, minimumIndicatorDuration: .zero))
        await harness.loadFirstPage()
        await harness.see(0...14)  // 5 items left after row 14
        #expect(harness.source.requests.count == 1)
        await harness.see([15])
        #expect(harness.source.requests.map(\.key) == [nil, 1])
    }

    @Test("the end of the list stops appends")
    func endReached() async {
        let harness = FeedHarness(pageCount: 2)
        await harness.loadFirstPage()
        await harness.see(0..<40)
        #expect(harness.feed.loadStates.append.isEndReached)
        await harness.see([39, 39, 39])
        #expect(harness.source.requests.map(\.key) == [nil, 1])
        #expect(harness.feed.items.count == 40)
    }

    @Test("a first page in the middle of the list loads what comes before it; indices shift by that page")
    func initialKeyPrepends() async {
        let harness = FeedHarness(initialKey: 5)
        await harness.loadFirstPage()
        #expect(harness.feed.items.first?.id == 100)
        #expect(harness.feed.loadStates.prepend.isIdle)
        await harness.see([0])
        #expect(harness.source.requests.contains(PageRequest(direction: .prepend, key: 4, loadSize: 20)))
        #expect(harness.feed.items.first?.id == 80)
        #expect(harness.feed.items.item(at: 20)?.id == 100)
    }

    @Test("an opening key opens the list where it was left; pages before it load when scrolled to; a refresh then loads the first page")
    func openingKey() async throws {
        let harness = FeedHarness(openingKey: 5)
        await harness.loadFirstPage()
        #expect(harness.feed.items.first?.id == 100)
        #expect(harness.source.requests.first == PageRequest(direction: .refresh, key: 5, loadSize: 20))
        let opened = harness.feed.rowsAbove
        #expect(opened.count == 0)
        let opening = try #require(harness.feed.page(containing: 7))
        #expect(opening == (5, 20, 0..<20))
        await harness.see([0])
        #expect(harness.source.requests.contains(PageRequest(direction: .prepend, key: 4, loadSize: 20)))
        #expect(harness.feed.items.first?.id == 80)
        // Every row moved down by the page put above; the view adds as much to its indices.
        #expect(harness.feed.rowsAbove.rowsMoved(since: opened) == 20)
        let openingMoved = try #require(harness.feed.page(containing: 27))
        #expect(openingMoved == (5, 20, 20..<40))
        let above = try #require(harness.feed.page(containing: 7))
        #expect(above == (4, 20, 0..<20))
        #expect(harness.feed.page(containing: 4000) == nil)
        let beforeRefresh = harness.feed.rowsAbove

        guard case .refreshed = await harness.feed.refresh() else {
            Issue.record("the refresh did not refresh")
            return
        }
        #expect(harness.source.requests.last == PageRequest(direction: .refresh, key: nil, loadSize: 20))
        #expect(harness.feed.items.first?.id == 0)
        #expect(harness.feed.rowsAbove.rowsMoved(since: beforeRefresh) == 0, "a new list moved nothing")
    }

    @Test("an opening that failed is retried at its key, not at the first page")
    func failedOpeningRetriesItsKey() async {
        let harness = FeedHarness(openingKey: 3)
        harness.source.script(.failure(ScriptedFailure()), forPage: 3)
        await harness.loadFirstPage()
        #expect(harness.feed.loadStates.refresh.error != nil)
        harness.feed.retry()
        await harness.feed.wait { !$0.loadStates.refresh.isLoading }
        #expect(harness.source.requests.map(\.key) == [3, 3])
        #expect(harness.feed.items.first?.id == 60)
    }
}
