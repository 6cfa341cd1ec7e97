import Endless
import EndlessTesting
import Testing

/// The waits a test cannot avoid end in seconds when what they wait for never comes: they
/// record an issue (the library's waits) or throw (a started task's value), and cancel what
/// the test started, so a broken contract fails the test instead of hanging the run.
@MainActor
@Suite("Bounded waits", .timeLimit(TimeBudget.minutes(1)))
struct BoundedWaitTests {
    /// A budget far beyond anything these tests should wait for.
    static let forever: Duration = .seconds(3600)

    @Test("a feed condition that never holds gives up after its limit, says so, and returns false")
    func feedWaitGivesUp() async {
        let feed = Feed(source: ScriptedPageSource(), configuration: .test, clock: ManualClock())
        await withKnownIssue("the wait records that it gave up") {
            let held = await feed.wait(within: .milliseconds(50)) { $0.items.count == 1_000 }
            #expect(!held)
        }
    }

    @Test("the clock's and the source's waits give up the same way")
    func libraryWaitsGiveUp() async {
        let clock = ManualClock()
        let source = ScriptedPageSource(gated: true)
        await withKnownIssue("each wait records that it gave up", isIntermittent: false) {
            #expect(await clock.sleepers(atLeast: 1, within: .milliseconds(50)) == false)
            #expect(await source.requests(atLeast: 1, within: .milliseconds(50)) == false)
            #expect(await source.waitingRequests(atLeast: 1, within: .milliseconds(50)) == false)
            #expect(await source.cancellations(atLeast: 1, within: .milliseconds(50)) == false)
        }
    }

    @Test("a wait whose event comes returns true and records nothing")
    func eventComes() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        #expect(await clock.sleepers(atLeast: 1, within: Self.forever))
        clock.advance(by: .seconds(1))
        try await sleeper.value(within: .seconds(20))
    }

    @Test("a task that never ends: its value throws TimeoutError after the limit, and the task is cancelled")
    func taskValueTimesOut() async {
        let task = Task { try await Task.sleep(for: Self.forever) }
        await #expect(throws: TimeoutError.self) { try await task.value(within: .milliseconds(50)) }
        #expect(task.isCancelled, "what the test started is stopped")
    }

    @Test("a task that ignores cancellation does not hold the wait either")
    func ignoresCancellation() async {
        let inner = Task { try? await Task.sleep(for: Self.forever) }
        let task = Task { await inner.value }  // not cancelled with its waiter: ignores cancellation
        await #expect(throws: TimeoutError.self) { try await task.value(within: .milliseconds(50)) }
        inner.cancel()
    }

    @Test("a task's value and error come through unchanged")
    func passesThrough() async throws {
        #expect(try await Task { 42 }.value(within: Self.forever) == 42)
        struct Failure: Error, Equatable {}
        await #expect(throws: Failure()) { try await Task { throw Failure() }.value(within: Self.forever) }
    }

    @Test("withTimeout runs its operation in the caller's isolation and bounds it")
    func withTimeoutBounds() async throws {
        let feed = Feed(source: ScriptedPageSource(), configuration: .test, clock: ManualClock())
        #expect(try await withTimeout(Self.forever) { feed.items.count } == 0)  // the main actor's state, synchronously
        await #expect(throws: TimeoutError.self) {
            try await withTimeout(.milliseconds(50)) { try await Task.sleep(for: Self.forever) }
        }
    }

    @Test("a waiter cancelled first throws CancellationError and cancels the task")
    func waiterCancelled() async {
        let task = Task { try await Task.sleep(for: Self.forever) }
        let waiter = Task { try await task.value(within: Self.forever) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value(within: .seconds(20)) }
        #expect(task.isCancelled)
    }
}
