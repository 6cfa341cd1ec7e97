import EndlessTesting
import Testing

@testable import Endless

@MainActor
@Suite("Feed: refresh", .timeLimit(TimeBudget.minutes(1)))
struct FeedRefreshTests {
    private func newItems() -> [ScriptedItem] { (1000..<1020).map { ScriptedItem(id: $0) } }

    @Test("old items stay during a refresh and are replaced by the new first page")
    func replaces() async throws {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        harness.source.script(.items(newItems()), forPage: 0)
        let refresh = Task { await harness.feed.refresh() }
        await harness.source.waitingRequests(atLeast: 1)
        #expect(harness.feed.loadStates.refresh.isLoading)
        #expect(harness.feed.items.ids == Array(0..<20))

        harness.source.release()
        guard case .refreshed = try await refresh.value(within: .seconds(20)) else {
            Issue.record("refresh did not report success")
            return
        }
        #expect(harness.feed.items.ids == Array(1000..<1020))
        #expect(harness.feed.loadStates.refresh.isIdle)
    }

    @Test("a failed refresh keeps the old items, reports failed, and retry() runs it again")
    func failureKeepsItems() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.source.script(.failure(ScriptedFailure("offline")))
        guard case .failed(let error) = await harness.feed.refresh() else {
            Issue.record("refresh did not report the failure")
            return
        }
        #expect(error as? ScriptedFailure == ScriptedFailure("offline"))
        #expect(harness.feed.items.ids == Array(0..<20))
        #expect(harness.feed.loadStates.refresh.error is ScriptedFailure)
        #expect(harness.feed.lastError(.refresh) is ScriptedFailure)

        harness.feed.retry()
        await harness.feed.wait { $0.loadStates.refresh.isIdle }
        #expect(harness.source.requests.map(\.direction) == [.refresh, .refresh, .refresh])
        #expect(harness.feed.lastError(.refresh) == nil)
    }

    @Test("a refresh cancels the append in flight and shows only its own page")
    func supersedesAppend() async throws {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 19)
        await harness.source.waitingRequests(atLeast: 1)
        #expect(harness.feed.loadStates.append.isLoading)

        let refresh = Task { await harness.feed.refresh() }
        await harness.source.cancellations(atLeast: 1)
        #expect(harness.source.cancelledRequests.map(\.key) == [1])
        #expect(harness.feed.loadStates.append.isIdle)
        await harness.source.waitingRequests(atLeast: 1)
        harness.source.release()
        _ = try await refresh.value(within: .seconds(20))
        #expect(harness.feed.items.ids == Array(0..<20))
        #expect(harness.feed.pageKeys == [0])
    }

    @Test("a result from before a refresh is discarded, never merged, even from a source that ignores cancellation")
    func staleResultDiscarded() async throws {
        let harness = FeedHarness(gated: true, ignoresCancellation: true)
        await harness.loadFirstPage()
        harness.feed.itemAppeared(at: 19)
        await harness.source.waitingRequests(atLeast: 1)  // page 1 at the gate
        harness.source.script(.items([ScriptedItem(id: 999)]), forPage: 1)
        let refresh = Task { await harness.feed.refresh() }
        await harness.source.waitingRequests(atLeast: 2)
        #expect(harness.source.waitingKeys == [1, nil])
        harness.source.release(key: nil)
        _ = try await refresh.value(within: .seconds(20))
        // Row 19 is still on screen, so the new list asks for its page 1 as well.
        await harness.source.waitingRequests(atLeast: 2)
        let answered = harness.source.completedRequests.count
        harness.source.release(key: 1)  // the stale append (answering 999) lands first
        // Answered, not only let through the gate: the script is read after the gate, so a
        // new load let go before the stale one read it could take the 999 itself (seen once
        // under load: the new list then held 999 as its page 1, rightly).
        try #require(await harness.source.completions(atLeast: answered + 1))
        harness.source.openGate()
        await harness.settle()
        #expect(harness.source.completedRequests.map(\.key).filter { $0 == 1 }.count == 2)
        #expect(harness.feed.items.ids == Array(0..<40))
    }

    @Test("refresh() while a refresh runs joins it: one request, both callers get the outcome")
    func joins() async throws {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        let first = Task { await harness.feed.refresh() }
        let second = Task { await harness.feed.refresh() }
        await harness.source.waitingRequests(atLeast: 1)
        await Task { @MainActor in }.value  // both tasks have run up to their wait (main actor is FIFO)
        harness.source.release()
        _ = try await first.value(within: .seconds(20))
        _ = try await second.value(within: .seconds(20))
        #expect(harness.source.requests.map(\.direction) == [.refresh, .refresh])
    }

    @Test("a refresh inside the cooldown loads nothing and says how long to wait")
    func cooldown() async {
        var configuration = FeedConfiguration.test
        configuration.refreshCooldown = .seconds(3)
        let harness = FeedHarness(configuration: configuration)
        await harness.loadFirstPage()  // a refresh at t = 0
        harness.clock.advance(by: .seconds(1))
        #expect(harness.feed.refreshAvailableIn == .seconds(2))
        guard case .coolingDown(let remaining) = await harness.feed.refresh() else {
            Issue.record("expected a cooldown")
            return
        }
        #expect(remaining == .seconds(2))
        #expect(harness.source.requests.count == 1)
        #expect(harness.feed.loadStates.refresh.isIdle)  // not an error

        harness.clock.advance(by: .seconds(2))
        #expect(harness.feed.refreshAvailableIn == .zero)
        guard case .refreshed = await harness.feed.refresh() else {
            Issue.record("expected a refresh after the cooldown")
            return
        }
        #expect(harness.source.requests.count == 2)
    }

    @Test("a refresh the app starts itself may ignore the cooldown, which then starts anew")
    func refreshIgnoringCooldown() async {
        var configuration = FeedConfiguration.test
        configuration.refreshCooldown = .seconds(3)
        let harness = FeedHarness(configuration: configuration)
        await harness.loadFirstPage()
        harness.clock.advance(by: .seconds(1))

        guard case .refreshed = await harness.feed.refresh(ignoringCooldown: true) else {
            Issue.record("expected the refresh to run inside the cooldown")
            return
        }
        #expect(harness.source.requests.count == 2)
        #expect(harness.feed.refreshAvailableIn == .seconds(3))
        guard case .coolingDown = await harness.feed.refresh() else {
            Issue.record("a person's pull right after is still held back")
            return
        }
        #expect(harness.source.requests.count == 2)
    }

    @Test("the refresh state stays loading for the minimum indicator time, and refresh() waits for it")
    func minimumIndicator() async throws {
        let harness = FeedHarness(configuration: FeedConfiguration(minimumIndicatorDuration: .milliseconds(500)))
        let refresh = Task { await harness.feed.refresh() }
        await harness.clock.sleepers(atLeast: 1)
        #expect(harness.feed.items.count == 20)  // committed at once…
        #expect(harness.feed.loadStates.refresh.isLoading)  // …but the spinner stays
        harness.clock.advance(by: .milliseconds(499))
        #expect(harness.feed.loadStates.refresh.isLoading)
        harness.clock.advance(by: .milliseconds(1))
        guard case .refreshed = try await refresh.value(within: .seconds(20)) else {
            Issue.record("expected a refresh")
            return
        }
        #expect(harness.feed.loadStates.refresh.isIdle)
    }

    @Test("appends wait while a refresh is in flight")
    func appendsWait() async throws {
        let harness = FeedHarness(gated: true)
        await harness.loadFirstPage()
        let refresh = Task { await harness.feed.refresh() }
        await harness.source.waitingRequests(atLeast: 1)
        harness.feed.itemAppeared(at: 19)
        #expect(harness.feed.loadStates.append.isIdle)
        #expect(harness.source.requests.map(\.direction) == [.refresh, .refresh])
        harness.source.openGate()
        _ = try await refresh.value(within: .seconds(20))
        await harness.see([19])
        #expect(harness.source.requests.map(\.direction) == [.refresh, .refresh, .append])
    }
}
