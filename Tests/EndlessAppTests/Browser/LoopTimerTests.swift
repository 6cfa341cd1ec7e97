import EndlessTesting
import Testing

@testable import EndlessApp

/// Issue 29: the browse loop's delayed events share one sleeping task.
@Suite("Loop timer", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct LoopTimerTests {
    final class Fired {
        var names: [String] = []
    }

    @Test("actions scheduled for later share the sleeping task; each runs when due, in order")
    func oneSleeper() async {
        let clock = ManualClock()
        let timer = LoopTimer(clock: clock)
        let fired = Fired()
        timer.schedule(after: .milliseconds(16)) { fired.names.append("frame") }
        for index in 1...5 { timer.schedule(after: .milliseconds(80)) { fired.names.append("tick \(index)") } }
        timer.schedule(after: .milliseconds(200)) { fired.names.append("in flight") }
        // Seven actions, one task asleep.
        #expect(timer.wakesStarted == 1)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(16))
        await Self.until { fired.names.count == 1 }
        #expect(fired.names == ["frame"])
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(64))
        await Self.until { fired.names.count == 6 }
        #expect(fired.names == ["frame"] + (1...5).map { "tick \($0)" })
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(120))
        await Self.until { fired.names.count == 7 }
        #expect(fired.names.last == "in flight")
        #expect(timer.wakesStarted == 3)  // one per distinct deadline, not one per action
        #expect(timer.pendingCount == 0)
    }

    @Test("an earlier deadline wakes the loop in time; cancelAll drops what waits")
    func earlier() async {
        let clock = ManualClock()
        let timer = LoopTimer(clock: clock)
        let fired = Fired()
        timer.schedule(after: .milliseconds(80)) { fired.names.append("tick") }
        timer.schedule(after: .milliseconds(16)) { fired.names.append("frame") }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(16))
        await Self.until { fired.names.count == 1 }
        #expect(fired.names == ["frame"])
        timer.cancelAll()
        clock.advance(by: .milliseconds(100))
        await Task.yield()
        #expect(fired.names == ["frame"])
        #expect(timer.pendingCount == 0)
    }

    @Test("a cancelled action never runs; cancelling the earliest moves the wake to the next, the last leaves none")
    func cancel() async {
        let clock = ManualClock()
        let timer = LoopTimer(clock: clock)
        let fired = Fired()
        let frame = timer.schedule(after: .milliseconds(16)) { fired.names.append("frame") }
        timer.schedule(after: .milliseconds(80)) { fired.names.append("tick") }
        let aged = timer.schedule(after: .milliseconds(500)) { fired.names.append("aged") }
        #expect(timer.wakesStarted == 1)
        timer.cancel(aged)
        #expect(timer.wakesStarted == 1, "a later one cancelled: the wake stays")
        timer.cancel(frame)
        #expect(timer.wakesStarted == 2, "the earliest cancelled: a wake for the next")
        #expect(timer.pendingCount == 1)
        timer.cancel(frame)  // again: nothing
        #expect(timer.pendingCount == 1)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(16))
        await Task.yield()
        #expect(fired.names.isEmpty, "nothing was due at the cancelled one's time")
        clock.advance(by: .milliseconds(64))
        await Self.until { fired.names.count == 1 }
        #expect(fired.names == ["tick"])
        clock.advance(by: .milliseconds(500))
        await Task.yield()
        #expect(fired.names == ["tick"])
        #expect(timer.pendingCount == 0)
    }

    /// Lets the timer's task run until `condition` holds (bounded: the test's time limit).
    static func until(_ condition: () -> Bool) async {
        while !condition(), !Task.isCancelled { await Task.yield() }
    }
}
