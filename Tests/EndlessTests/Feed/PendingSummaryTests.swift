import EndlessTesting
import Testing

@testable import Endless

/// Issue 29: the demand check reads each end's pending loads as three numbers, kept with them.
@Suite("Feed: pending loads as the demand check reads them", .timeLimit(TimeBudget.minutes(1)))
struct PendingSummaryTests {
    typealias Load = PendingLoad<ScriptedItem, Int>

    static func load(_ id: Int, expecting count: Int, _ result: Result<Page<ScriptedItem, Int>, any Error>? = nil) -> Load {
        Load(
            id: id, request: PageRequest(direction: .append, key: id, loadSize: count), isSpeculative: false, expectedCount: count,
            result: result)
    }

    struct Failure: Error {}

    @Test("a queue's count, the rows it brings, and whether one of its loads failed")
    func summary() {
        #expect(PendingSummary([Load]()) == PendingSummary())
        let inFlight = PendingSummary([Self.load(1, expecting: 20), Self.load(2, expecting: 5)])
        #expect(inFlight.count == 2)
        #expect(inFlight.coming == 25)
        #expect(!inFlight.hasFailure)
        let failed = PendingSummary([Self.load(1, expecting: 20), Self.load(2, expecting: 20, .failure(Failure()))])
        #expect(failed.hasFailure)
        #expect(failed.coming == 40)
    }

    @Test("the feed's summary follows its queue as loads start, land and commit")
    @MainActor
    func followsTheQueue() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.feed.visibleRangeChanged(10..<20)
        #expect(harness.feed.pendingSummary.append == PendingSummary(harness.feed.pending[.append] ?? []))
        #expect(harness.feed.pendingSummary.append.count > 0, "scrolled near the end: a page is asked for")
        #expect(await harness.settle())
        #expect(harness.feed.pendingSummary.append.count == 0)
        #expect(harness.feed.pendingSummary.append == PendingSummary(harness.feed.pending[.append] ?? []))
        #expect(harness.feed.pendingSummary.prepend == PendingSummary())
    }
}
