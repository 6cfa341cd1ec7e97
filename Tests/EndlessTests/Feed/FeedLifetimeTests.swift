import Endless
import EndlessTesting
import Testing

@MainActor
@Suite("Feed: lifetime", .timeLimit(TimeBudget.minutes(1)))
struct FeedLifetimeTests {
    @Test("a feed that goes away cancels its load")
    func cancelsLoad() async {
        let source = ScriptedPageSource(gated: true)
        var feed: TestFeed? = Feed(source: source, clock: ManualClock())
        weak let weakFeed = feed
        feed?.loadFirstPageIfNeeded()
        await source.waitingRequests(atLeast: 1)

        feed = nil
        #expect(weakFeed == nil)  // its own task does not keep it alive
        await source.cancellations(atLeast: 1)
        #expect(source.cancelledRequests.map(\.direction) == [.refresh])
        #expect(source.completedRequests.isEmpty)
    }

    @Test("no task outlives the feed: a retry wait on the clock ends with it")
    func cancelsRetryWait() async {
        let clock = ManualClock()
        let source = ScriptedPageSource()
        var configuration = FeedConfiguration.test
        configuration.automaticRetry = .standard
        var feed: TestFeed? = Feed(source: source, configuration: configuration, clock: clock)
        feed?.loadFirstPageIfNeeded()
        await feed?.wait { $0.items.count == 20 }
        source.script(.failure(ScriptedFailure()), forPage: 1)
        feed?.itemAppeared(at: 19)
        await clock.sleepers(atLeast: 1)

        feed = nil
        #expect(clock.sleeperCount == 0)
        clock.advance(by: .seconds(60))
        #expect(source.requests.count == 2)  // the retry never ran
    }

    @Test("no task outlives the feed: the refresh indicator wait ends with it")
    func cancelsIndicatorWait() async {
        let clock = ManualClock()
        var feed: TestFeed? = Feed(source: ScriptedPageSource(), clock: clock)
        feed?.loadFirstPageIfNeeded()
        await clock.sleepers(atLeast: 1)  // holding the refresh indicator
        feed = nil
        #expect(clock.sleeperCount == 0)
    }

    @Test("snapshot streams finish when the feed goes away")
    func snapshotsFinish() async throws {
        var feed: TestFeed? = Feed(source: ScriptedPageSource(), clock: ManualClock())
        guard let stream = feed?.snapshots() else { return }
        let reader = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        feed = nil
        #expect(try await reader.value(within: .seconds(20)) >= 1)
    }
}
