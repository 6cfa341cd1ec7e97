import EndlessTesting
import Testing

@testable import EndlessImages

// Tests here wait for conditions, never for time: a regression would hang, so it fails instead.
@Suite("Priority gate", .timeLimit(TimeBudget.minutes(1)))
struct PriorityGateTests {
    /// Starts a task that acquires `token` and reports `name` when it holds the slot.
    func waiter(
        _ gate: PriorityGate, _ token: PriorityGate.Token, _ name: String,
        _ holders: AsyncStream<String>.Continuation
    ) -> Task<Void, any Error> {
        Task {
            try await gate.acquire(token)
            holders.yield(name)
        }
    }

    @Test("slots go to the highest priority first, then in arrival order")
    func order() async throws {
        let gate = PriorityGate(limit: 2)
        let (holders, sink) = AsyncStream<String>.makeStream()
        var iterator = holders.makeAsyncIterator()
        let a = gate.makeToken(priority: .visible)
        let b = gate.makeToken(priority: .visible)
        try await gate.acquire(a)
        try await gate.acquire(b)
        var tokens: [String: PriorityGate.Token] = [:]
        for (name, priority) in [("low1", ImagePriority.prefetch), ("low2", .prefetch), ("mid", .visible), ("high", .high)] {
            let token = gate.makeToken(priority: priority)
            tokens[name] = token
            _ = waiter(gate, token, name, sink)
            let count = tokens.count
            try await withTimeout(.seconds(20)) { await gate.queued(atLeast: count) }
        }
        var order: [String] = []
        var released = [a, b]
        while order.count < 4 {
            gate.release(released.removeFirst())
            let name = try #require(await iterator.next())
            order.append(name)
            released.append(try #require(tokens[name]))
        }
        #expect(order == ["high", "mid", "low1", "low2"])
    }

    @Test("a cancelled waiter leaves the queue and never takes a slot")
    func cancellation() async throws {
        let gate = PriorityGate(limit: 1)
        let (holders, sink) = AsyncStream<String>.makeStream()
        var iterator = holders.makeAsyncIterator()
        let holder = gate.makeToken(priority: .visible)
        try await gate.acquire(holder)
        let gone = waiter(gate, gate.makeToken(priority: .high), "gone", sink)
        try await withTimeout(.seconds(20)) { await gate.queued(atLeast: 1) }
        let next = gate.makeToken(priority: .prefetch)
        _ = waiter(gate, next, "next", sink)
        try await withTimeout(.seconds(20)) { await gate.queued(atLeast: 2) }
        gone.cancel()
        await #expect(throws: CancellationError.self) { try await gone.value(within: .seconds(20)) }
        #expect(gate.queuedCount == 1)
        gate.release(holder)
        #expect(await iterator.next() == "next")
        gate.release(next)
        // The slot is free again: a new token gets it at once.
        try await gate.acquire(gate.makeToken(priority: .prefetch))
    }

    @Test("a token cancelled before it waits never queues")
    func cancelledBeforeWaiting() async throws {
        let gate = PriorityGate(limit: 1)
        let token = gate.makeToken(priority: .visible)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await gate.acquire(token)
        }
        // The slot was free, but a cancelled task must not take it.
        await #expect(throws: CancellationError.self) { try await task.value(within: .seconds(20)) }
        #expect(gate.queuedCount == 0)
    }

    @Test("raising a queued waiter's priority moves it forward")
    func raise() async throws {
        let gate = PriorityGate(limit: 1)
        let (holders, sink) = AsyncStream<String>.makeStream()
        var iterator = holders.makeAsyncIterator()
        let holder = gate.makeToken(priority: .visible)
        try await gate.acquire(holder)
        let first = gate.makeToken(priority: .prefetch)
        _ = waiter(gate, first, "first", sink)
        try await withTimeout(.seconds(20)) { await gate.queued(atLeast: 1) }
        let second = gate.makeToken(priority: .prefetch)
        _ = waiter(gate, second, "second", sink)
        try await withTimeout(.seconds(20)) { await gate.queued(atLeast: 2) }
        gate.updatePriority(second, to: .visible)
        gate.release(holder)
        #expect(await iterator.next() == "second")
        gate.release(second)
        #expect(await iterator.next() == "first")
    }
}
