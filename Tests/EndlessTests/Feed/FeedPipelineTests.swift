import EndlessTesting
import Testing

@testable import Endless

/// Several appends in flight, committed strictly in key order.
@MainActor
@Suite("Feed: pipelined appends", .timeLimit(TimeBudget.minutes(1)))
struct FeedPipelineTests {
    /// Three pages in flight, and a prefetch distance that wants them all.
    static let pipelined = FeedConfiguration(
        prefetchDistance: 60, minimumIndicatorDuration: .zero, maxConcurrentAppends: 3)

    @Test("up to maxConcurrentAppends pages load at once, and land strictly in key order")
    func ordering() async {
        let harness = FeedHarness(configuration: Self.pipelined, gated: true)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        #expect(Set(harness.source.waitingKeys) == [1, 2, 3])  // arriving in any order
        #expect(harness.feed.loadsInFlight == 3)
        #expect(harness.feed.loadStates.append.isLoading)

        harness.source.release(key: 3)  // lands first, waits for 1 and 2
        await harness.parked()
        #expect(harness.feed.items.ids == Array(0..<20))
        harness.source.release(key: 2)
        await harness.parked()
        #expect(harness.feed.items.ids == Array(0..<20))
        #expect(harness.feed.loadsInFlight == 1)

        harness.source.release(key: 1)  // 1, 2 and 3 commit together, in order
        await harness.parked()
        #expect(harness.feed.items.ids == Array(0..<80))
        #expect(harness.feed.pageKeys == [0, 1, 2, 3])
        // 80 − 1 − 19 = 60 ahead: enough, nothing more asked for.
        #expect(harness.source.requests.map(\.key).sorted { ($0 ?? -1) < ($1 ?? -1) } == [nil, 1, 2, 3])
        #expect(harness.feed.loadStates.append.isIdle)
    }

    @Test("a page that fails mid-pipeline holds back the pages after it, which show once it succeeds on retry")
    func errorMidPipeline() async {
        let harness = FeedHarness(configuration: Self.pipelined, gated: true)
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure()), forPage: 2)
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        harness.source.release(key: 3)
        harness.source.release(key: 2)
        await harness.parked()
        #expect(harness.feed.loadStates.append.isLoading)  // page 1 is still on its way
        harness.source.release(key: 1)
        await harness.parked()
        #expect(harness.feed.items.ids == Array(0..<40))  // page 1 shown, 3 kept back
        #expect(harness.feed.loadStates.append.error is ScriptedFailure)
        #expect(harness.feed.loadsInFlight == 0)

        harness.feed.itemAppeared(at: 39)  // no hot retry, nothing past the failure
        await harness.parked()
        #expect(harness.source.requests.count == 4)

        harness.feed.retry()
        await harness.parked()
        // The failed page again (3 is kept, not reloaded), and page 4 for the rows seen since.
        #expect(Set(harness.source.waitingKeys) == [2, 4])
        harness.source.openGate()
        await harness.settle()
        #expect(Array(harness.feed.items.ids.prefix(80)) == Array(0..<80))
        #expect(harness.source.requests.filter { $0.key == 2 }.count == 2)
        #expect(harness.source.requests.filter { $0.key == 3 }.count == 1)  // nothing lost, nothing reloaded
        #expect(harness.feed.lifetime.count == 0)  // no task left behind
    }

    @Test("a refresh discards every append in flight, and their late results")
    func refreshDuringPipeline() async throws {
        let harness = FeedHarness(configuration: Self.pipelined, gated: true, ignoresCancellation: true)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        harness.source.release(key: 2)  // landed, waiting for page 1
        await harness.parked()
        harness.source.script(.items((3000..<3020).map { ScriptedItem(id: $0) }), forPage: 3)
        harness.source.script(.items((1000..<1020).map { ScriptedItem(id: $0) }), forPage: 0)
        let refresh = Task { await harness.feed.refresh() }
        // Pages 1 and 3 stay at the gate (the source ignores cancellation), with the refresh.
        await harness.source.waitingRequests(atLeast: 3)
        #expect(harness.feed.loadsInFlight == 1)  // only the refresh counts now
        #expect(harness.feed.loadStates.append.isIdle)
        #expect(harness.source.cancelledRequests.isEmpty)
        harness.source.release(key: nil)
        _ = try await refresh.value(within: .seconds(20))
        let answered = harness.source.completedRequests.count
        harness.source.release(key: 3)  // the stale page 3 (answering 3000…) lands after the refresh
        await harness.source.completions(atLeast: answered + 1)
        harness.source.openGate()
        await harness.settle()
        let ids = harness.feed.items.ids
        #expect(ids.prefix(20) == ArraySlice(1000..<1020))
        #expect(!ids.contains(3000))  // never merged
        #expect(Set(ids).count == ids.count)
    }

    @Test("a page that says the list ends discards the pages loaded ahead on a guess")
    func guessContradicted() async {
        let harness = FeedHarness(configuration: Self.pipelined, gated: true)
        await harness.loadFirstPage()
        harness.source.script(.endOfList, forPage: 1)
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        harness.source.release(key: 2)
        await harness.parked()
        harness.source.release(key: 1)
        await harness.parked()
        #expect(harness.feed.items.ids == Array(0..<40))
        #expect(harness.feed.loadStates.append.isEndReached)
        #expect(harness.source.cancelledRequests.map(\.key) == [3])
        #expect(harness.feed.loadsInFlight == 0)
    }

    @Test("a source of cursors keeps one new page in flight, whatever maxConcurrentAppends says")
    func cursors() async {
        let harness = FeedHarness(configuration: Self.pipelined, gated: true, keysKnownInAdvance: false)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 19)
        await harness.parked()
        #expect(harness.source.waitingKeys == [1])
        harness.source.release()
        await harness.parked()
        #expect(harness.source.waitingKeys == [2])
    }

    @Test("reloads of dropped pages are pipelined too, since their keys are known, and land at their indices")
    func dropsWithPipelining() async {
        var configuration = Self.pipelined
        configuration.prefetchDistance = 40
        configuration.maxLoadedItems = 120
        let harness = FeedHarness(configuration: configuration, repeatEvery: 7)
        await harness.loadFirstPage()
        var seen: [Int: ScriptedItem] = [:]
        for row in stride(from: 0, to: 400, by: 3) {
            harness.feed.visibleRangeChanged(row..<row + 10)
            await harness.settle()
            for index in row..<row + 10 {
                guard let item = harness.feed.items.item(at: index) else {
                    Issue.record("row \(index) not loaded on the way down")
                    return
                }
                seen[index] = item
            }
            #expect(harness.feed.items.count <= 120 + 60)
        }
        let down = harness.source.requests.count
        for row in stride(from: 390, through: 0, by: -3) {
            harness.feed.visibleRangeChanged(row..<row + 10)
            await harness.settle()
            for index in row..<row + 10 {
                #expect(harness.feed.items.item(at: index) == seen[index], "row \(index) changed on the way up")
            }
        }
        let up = harness.source.requests.dropFirst(down)
        #expect(up.allSatisfy { $0.direction == .prepend })
        let ids = harness.feed.items.ids
        #expect(Set(ids).count == ids.count)
        #expect(harness.feed.items.startIndex == 0)
    }
}
