import Endless
import EndlessTesting
import Testing

/// Issue 17's stall, case by case: rows far from what is loaded, failed prepends, retries
/// during refreshes, and first pages shorter than the screen.
@MainActor
@Suite("Feed: no stall", .timeLimit(TimeBudget.minutes(1)))
struct FeedStallTests {
    private static let bounded = FeedConfiguration(maxLoadedItems: 100, minimumIndicatorDuration: .zero)

    /// Scrolls a 10-row screen from `rows.first` to `rows.last`.
    private func scroll(_ harness: FeedHarness, _ rows: StrideThrough<Int>) async {
        for top in rows {
            harness.feed.visibleRangeChanged(top..<top + 10)
            await harness.settle()
        }
    }

    @Test("a jump to the top after 1,000 rows loads the top pages directly, not the fifty in between")
    func jumpToTop() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        await scroll(harness, stride(from: 0, through: 1_000, by: 5))
        #expect(harness.feed.items.startIndex > 900)
        let before = harness.source.requests.count

        harness.feed.visibleRangeChanged(0..<10)
        await harness.settle()
        let after = harness.source.requests.dropFirst(before)
        #expect(after.count <= 2)
        #expect(after.map(\.key).contains(0))
        #expect((0..<10).allSatisfy { harness.feed.items.item(at: $0)?.id == $0 })
        // And back down to row 1,000: the same, the other way.
        harness.feed.visibleRangeChanged(1_000..<1_010)
        await harness.settle()
        #expect(harness.source.requests.count - before <= 5)
        #expect((1_000..<1_010).allSatisfy { harness.feed.items.item(at: $0)?.id == $0 })
    }

    @Test("a jump that fails shows where it happened (the rows on screen), and retry() loads those rows")
    func failedJumpRetried() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        await scroll(harness, stride(from: 0, through: 1_000, by: 5))
        harness.source.script(.failure(ScriptedFailure()), forPage: 0)
        harness.feed.visibleRangeChanged(0..<10)
        await harness.settle()
        #expect(harness.feed.loadState(forRow: 0)?.error is ScriptedFailure)
        #expect(harness.feed.loadsInFlight == 0)
        harness.feed.visibleRangeChanged(0..<10)  // reporting again does not retry
        await harness.settle()
        #expect(harness.source.requests.filter { $0.key == 0 }.count == 1)  // the jump, once: no hot retry

        harness.feed.retry()
        await harness.settle()
        #expect((0..<10).allSatisfy { harness.feed.items.item(at: $0)?.id == $0 })
        #expect(harness.feed.loadState(forRow: 0) == nil)
    }

    @Test("a failed prepend is failed (not idle) for the rows above, and retry() re-runs it")
    func failedPrependVisible() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        await scroll(harness, stride(from: 0, through: 300, by: 5))
        let top = harness.feed.items.startIndex
        let page = (top - 1) / 20
        harness.source.script(.failure(ScriptedFailure()), forPage: page)
        await scroll(harness, stride(from: top + 5, through: top - 8, by: -1))
        #expect(harness.feed.loadStates.prepend.error is ScriptedFailure)
        #expect(harness.feed.loadState(forRow: top - 1)?.error is ScriptedFailure)
        #expect(harness.feed.loadState(forRow: top + 1) == nil)

        harness.feed.retry()
        await harness.settle()
        #expect(harness.feed.items.startIndex < top - 8)
        #expect(harness.feed.loadStates.prepend.error == nil)
    }

    @Test("retry() during a refresh re-runs a failed append whose late result is not merged into the new list")
    func retryDuringRefresh() async throws {
        let harness = FeedHarness(gated: true, ignoresCancellation: true)
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 1)
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        harness.source.release()
        await harness.parked()
        #expect(harness.feed.loadStates.append.error is ScriptedFailure)

        harness.source.script(.items((1000..<1005).map { ScriptedItem(id: $0) }), forPage: 0)
        let refresh = Task { await harness.feed.refresh() }
        await harness.source.waitingRequests(atLeast: 1)  // the refresh at the gate
        harness.feed.retry()  // the append runs again while the refresh is out
        await harness.source.waitingRequests(atLeast: 2)
        #expect(Set(harness.source.waitingKeys) == [nil, 1])
        harness.source.release(key: nil)
        _ = try await refresh.value(within: .seconds(20))
        harness.source.release(key: 1)  // the retried append lands after the refresh
        // The first page, the failed append, the refresh, and the retried append.
        await harness.source.completions(atLeast: 4)
        harness.source.openGate()
        await harness.settle()
        // Only the new first page: the old list's page 1 was not appended to it.
        #expect(harness.feed.items.ids == Array(1000..<1005))
        #expect(harness.feed.pageKeys == [0])
    }

    @Test("a refresh that fails keeps a failed append for retry(), and does not re-run it by itself")
    func failedRefreshKeepsFailedAppend() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 1)
        await harness.see([19])
        harness.source.script(.failure(ScriptedFailure("refresh")), forPage: 0)
        await harness.feed.refresh()
        #expect(harness.feed.loadStates.refresh.error is ScriptedFailure)
        #expect(harness.feed.loadStates.append.error is ScriptedFailure)
        #expect(harness.source.requests.filter { $0.key == 1 }.count == 1)

        harness.feed.retry()  // both again
        await harness.feed.wait { !$0.loadStates.refresh.isLoading }
        await harness.settle()
        #expect(harness.feed.loadStates.refresh.isIdle)
        #expect(harness.feed.items.ids == Array(0..<40))
    }

    @Test("a first page shorter than the screen loads on, though the view reported its rows only once")
    func shortFirstPage() async {
        let harness = FeedHarness()
        harness.source.script(.truncated(keeping: 3), forPage: 0)
        await harness.loadFirstPage()
        #expect(harness.feed.items.count == 3)
        harness.feed.visibleRangeChanged(0..<3)  // a 20-row screen with 3 rows to show, reported once
        await harness.settle()
        #expect(harness.feed.items.count >= 20)
        #expect(harness.source.requests.map(\.key) == [nil, 1])
    }

    @Test("pages that are all short keep loading until the screen and the prefetch distance are full")
    func shortPages() async {
        let harness = FeedHarness()
        harness.source.script(.truncated(keeping: 3), times: 50)
        await harness.loadFirstPage()
        for row in 0..<3 { harness.feed.itemAppeared(at: row) }  // onAppear, once per row
        await harness.settle()
        #expect(harness.feed.items.count >= 3 + 20)
        #expect(harness.feed.items.count < 3 + 20 + 3)
    }
}
