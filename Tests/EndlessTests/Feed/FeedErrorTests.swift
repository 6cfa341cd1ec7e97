import Endless
import EndlessTesting
import Testing

@MainActor
@Suite("Feed: errors, duplicates and keys", .timeLimit(TimeBudget.minutes(1)))
struct FeedErrorTests {
    @Test("an append error blocks appends until retry(), which re-runs only the failed page")
    func appendErrorBlocks() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 1)
        await harness.see([19])
        #expect(harness.feed.loadStates.append.error is ScriptedFailure)
        await harness.see([19, 19, 18, 19])
        #expect(harness.source.requests.map(\.key) == [nil, 1])  // no hot retry loop

        harness.feed.retry()
        await harness.settle()
        #expect(harness.source.requests.map(\.key) == [nil, 1, 1])
        #expect(harness.feed.items.ids == Array(0..<40))
        #expect(harness.feed.loadStates.refresh.isIdle)
    }

    @Test("the automatic retry policy waits 1 s, 2 s, 4 s on the clock, then reports the error")
    func automaticRetryGivesUp() async {
        var configuration = FeedConfiguration.test
        configuration.automaticRetry = .standard
        let harness = FeedHarness(configuration: configuration)
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 1, times: 4)
        harness.feed.itemAppeared(at: 19)

        for (wait, deadline) in [(1, 1), (2, 3), (4, 7)] {
            await harness.clock.sleepers(atLeast: 1)
            #expect(harness.clock.pendingDeadlines.map(\.offset) == [.seconds(deadline)])
            #expect(harness.feed.loadStates.append.isLoading)
            #expect(harness.feed.lastError(.append) is ScriptedFailure)
            harness.clock.advance(by: .seconds(wait))
        }
        await harness.feed.wait { $0.loadStates.append.error != nil }
        #expect(harness.source.requests.map(\.key) == [nil, 1, 1, 1, 1])
        #expect(harness.clock.sleeperCount == 0)
    }

    @Test("an automatic retry that succeeds clears the error")
    func automaticRetrySucceeds() async {
        var configuration = FeedConfiguration.test
        configuration.automaticRetry = .standard
        let harness = FeedHarness(configuration: configuration)
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 1)
        harness.feed.itemAppeared(at: 19)
        await harness.clock.sleepers(atLeast: 1)
        harness.clock.advance(by: .seconds(1))
        await harness.feed.wait { $0.items.count == 40 }
        #expect(harness.feed.lastError(.append) == nil)
        #expect(harness.feed.loadStates.append.isIdle)
    }

    @Test("a page whose next key is its own key is an error, not an infinite loop")
    func repeatedKey() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.source.script(.repeatingKey, forPage: 1)
        await harness.see([19])
        #expect(harness.feed.loadStates.append.error as? FeedError == .repeatedKey(direction: .append, key: "1"))
        #expect(harness.feed.items.count == 20)
        #expect(harness.source.requests.map(\.key) == [nil, 1])
    }

    @Test("a first page naming itself as its next page fails the refresh")
    func repeatedKeyOnRefresh() async {
        let harness = FeedHarness()
        harness.source.script(.repeatingKey, forPage: 0)
        await harness.loadFirstPage()
        #expect(harness.feed.loadStates.refresh.error is FeedError)
        #expect(harness.feed.items.isEmpty)
    }

    @Test("items stay unique by id across pages when the source draws with replacement")
    func uniqueIDs() async {
        let harness = FeedHarness(repeatEvery: 7)
        await harness.loadFirstPage()
        for _ in 0..<10 { await harness.see([harness.feed.items.endIndex - 1]) }
        let ids = harness.feed.items.ids
        #expect(Set(ids).count == ids.count)
        #expect(ids.count < harness.source.requests.count * 20)  // some were skipped
    }

    @Test("pages of duplicates keep the feed loading, up to the bound, then it reports")
    func duplicatePages() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        for page in 1...3 { harness.source.script(.itemsOfPage(0), forPage: page) }
        await harness.see([19])
        #expect(harness.source.requests.map(\.key) == [nil, 1, 2, 3])
        #expect(
            harness.feed.loadStates.append.error as? FeedError == .onlyDuplicatePages(direction: .append, count: 3))
        #expect(harness.feed.items.count == 20)

        harness.feed.retry()  // loads on from page 4
        await harness.settle()
        #expect(harness.source.requests.map(\.key) == [nil, 1, 2, 3, 4])
        #expect(harness.feed.items.ids == Array(0..<20) + Array(80..<100))
    }

    @Test("an id repeated within a page, or repeating a loaded row, is shown once, in its first place")
    func idsRepeatedWithinAPage() async {
        let harness = FeedHarness()
        let first = harness.source.items(ofPage: 0)
        harness.source.script(.items(first + [first[3], first[7], first[3]]), forPage: 0)
        await harness.loadFirstPage()
        #expect(harness.feed.items.ids == Array(0..<20))
        let second = harness.source.items(ofPage: 1)
        harness.source.script(.items([second[0], first[5], second[1], second[0], second[2], second[1]]), forPage: 1)
        await harness.see([19])
        #expect(harness.feed.items.ids.prefix(23) == ArraySlice(Array(0..<23)))
        #expect(Set(harness.feed.items.ids).count == harness.feed.items.ids.count)
    }

    @Test("one page of duplicates does not stall the feed")
    func oneDuplicatePage() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.source.script(.itemsOfPage(0), forPage: 1)
        await harness.see([19])
        #expect(harness.feed.items.ids == Array(0..<20) + Array(40..<60))
        #expect(harness.feed.loadStates.append.isIdle)
    }
}
