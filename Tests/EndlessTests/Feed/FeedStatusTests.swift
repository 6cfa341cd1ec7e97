import Endless
import EndlessTesting
import Observation
import Synchronization
import Testing

@MainActor
@Suite("Feed: status and snapshots", .timeLimit(TimeBudget.minutes(1)))
struct FeedStatusTests {
    @Test("page keys, the page holding a row, and loads in flight are readable for a status bar")
    func status() async {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        #expect(harness.feed.pageKeys == [0])
        harness.feed.itemAppeared(at: 19)
        await harness.source.waitingRequests(atLeast: 1)
        #expect(harness.feed.loadStates.loadingCount == 1)
        harness.source.release()
        await harness.settle()
        #expect(harness.feed.pageKeys == [0, 1])
        #expect(harness.feed.pageKey(containing: 25) == 1)
        #expect(harness.feed.pageKey(containing: 40) == nil)
    }

    @Test("a page's own key replaces a request's missing key")
    func ownKey() async {
        struct SeededSource: PageSource {
            func load(_ request: PageRequest<String>) async throws -> Page<ScriptedItem, String> {
                Page(items: [ScriptedItem(id: 1)], nextKey: "5f2c09a1/2", key: request.key ?? "5f2c09a1/1")
            }
        }
        let feed = Feed(source: SeededSource(), configuration: .test, clock: ManualClock())
        feed.loadFirstPageIfNeeded()
        await feed.wait { !$0.items.isEmpty }
        #expect(feed.pageKeys == ["5f2c09a1/1"])
    }

    @Test("a new snapshot stream starts with the current state and keeps only the latest")
    func latestWins() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        var snapshots = harness.feed.snapshots().makeAsyncIterator()
        let first = await snapshots.next()
        #expect(first?.items.count == 20)

        await harness.see([19])  // loading, then page 1: two changes, one buffered
        let latest = await snapshots.next()
        #expect(latest?.items.count == 40)
        #expect(latest?.loadStates.append.isIdle == true)
        #expect(latest?.pageKeys == [0, 1])
    }

    @Test("reporting rows that need nothing changes nothing observers see, so a view redrawing on changes does not loop")
    func quietReports() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        await harness.see([19])  // 40 loaded: rows 0…2 need nothing more
        let changed = Flag()
        withObservationTracking {
            _ = harness.feed.loadStates
            _ = harness.feed.items
            _ = harness.feed.loadsInFlight
        } onChange: {
            changed.set()
        }
        for _ in 0..<3 {
            harness.feed.itemAppeared(at: 2)
            harness.feed.visibleRangeChanged(0..<3)
        }
        #expect(!changed.isSet)
        harness.feed.itemAppeared(at: 39)  // this one loads
        #expect(changed.isSet)
    }

    @Test("observers are told when items change")
    func observation() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        let changed = Flag()
        withObservationTracking {
            _ = harness.feed.items
        } onChange: {
            changed.set()
        }
        #expect(!changed.isSet)
        await harness.see([19])
        #expect(changed.isSet)
    }
}

/// A flag an observation callback can set from any thread.
private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

@MainActor
@Suite("Feed.wait(until:)", .timeLimit(TimeBudget.minutes(1)))
struct FeedWaitTests {
    @Test("ends when the waiting task is cancelled, even if the condition never holds")
    func cancellable() async throws {
        let feed = Feed(source: ScriptedPageSource(), configuration: .test, clock: ManualClock())
        let wait = Task { await feed.wait { $0.items.count == 1_000 } }
        wait.cancel()
        try await wait.value(within: .seconds(20))
        #expect(feed.items.isEmpty)
    }
}
