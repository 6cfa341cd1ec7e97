import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessImages

/// The shared work behind coalesced requests, on its own.
@Suite("Coalesced task", .timeLimit(TimeBudget.minutes(1)))
struct CoalescedTaskTests {
    @Test("the last waiter to leave has cancelled the work by the time it resumes")
    func lastWaiterCancelsBeforeResuming() async throws {
        let events = Mutex<[String]>([])
        let (shared, ticket) = CoalescedTask<Int>.withFirstWaiter(priority: .prefetch)
        let started = await OnceResumer.wait("the work started") { started in
            shared.start(
                priority: .medium,
                {
                    try await withTaskCancellationHandler {
                        started.resume()
                        try await Task.sleep(for: .seconds(3600))  // until cancelled
                        return 0
                    } onCancel: {
                        // A cancellation that takes a while (a thread preempted, a lock): the
                        // waiter must not be told it left before the work knows it is abandoned.
                        usleep(20_000)
                        events.withLock { $0.append("work cancelled") }
                    }
                }, completion: {})
        }
        try #require(started)
        let waiter = Task {
            do {
                return try await shared.value(for: ticket)
            } catch {
                // Logged by the waiter itself, on its own thread, as its caller would act.
                events.withLock { $0.append("waiter resumed") }
                throw error
            }
        }
        // Cancelled once suspended, from a thread outside the pool (as a UI's would be), so the
        // pool is free to run the waiter the moment it is resumed.
        let giveUp = ContinuousClock.now + TimeBudget.scaled(.seconds(20))
        while shared.suspendedWaiters == 0, ContinuousClock.now < giveUp { await Task.yield() }
        try #require(shared.suspendedWaiters == 1, "the waiter never suspended")
        Thread { waiter.cancel() }.start()
        await #expect(throws: CancellationError.self) { try await waiter.value(within: .seconds(20)) }
        #expect(events.withLock { $0 } == ["work cancelled", "waiter resumed"])
        #expect(shared.reserve(priority: .visible) == nil, "abandoned work cannot be joined")
    }
}
