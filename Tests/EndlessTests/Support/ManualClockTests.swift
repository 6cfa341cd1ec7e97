import EndlessTesting
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test("a sleeper wakes only when time reaches its deadline")
    func wakesAtDeadline() async throws {
        let clock = ManualClock()
        let woke = Task {
            try await clock.sleep(for: .seconds(2)); return clock.now
        }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        let instant = try await woke.value(within: .seconds(20))
        #expect(instant.offset == .seconds(2))
        #expect(clock.sleeperCount == 0)
    }

    @Test("a deadline already passed returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(5))
    }

    @Test("cancelling a sleeper throws CancellationError and removes it")
    func cancellation() async {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.sleepers(atLeast: 1)
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("sleepers wake in deadline order and report their deadlines")
    func order() async throws {
        let clock = ManualClock()
        let first = Task { try await clock.sleep(for: .seconds(3)) }
        let second = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.sleepers(atLeast: 2)
        #expect(clock.pendingDeadlines.map(\.offset) == [.seconds(1), .seconds(3)])
        clock.advance(by: .seconds(1))
        try await second.value(within: .seconds(20))
        #expect(clock.pendingDeadlines.map(\.offset) == [.seconds(3)])
        clock.advance(by: .seconds(2))
        try await first.value(within: .seconds(20))
    }
}
