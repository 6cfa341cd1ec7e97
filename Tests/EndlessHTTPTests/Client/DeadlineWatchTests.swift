import EndlessShared
import EndlessTesting
import Synchronization
import Testing

@testable import EndlessHTTP

/// The one sleeper that ends a client's requests at their deadline.
@Suite("Deadline watch", .timeLimit(TimeBudget.minutes(1)))
struct DeadlineWatchTests {
    final class Expired: Sendable {
        let names = Mutex<[String]>([])
        func append(_ name: String) { names.withLock { $0.append(name) } }
        var value: [String] { names.withLock { $0 } }
    }

    @Test("each request is expired at its own deadline, in order, by one sleeper at a time; a stopped one never is")
    func expiresInOrder() async {
        let clock = ManualClock()
        let watch = DeadlineWatch(clock: Stopwatch(clock))
        let expired = Expired()
        let first = watch.watch(until: .seconds(1)) { expired.append("first") }
        let stopped = watch.watch(until: .seconds(2)) { expired.append("stopped") }
        _ = watch.watch(until: .seconds(3)) { expired.append("third") }
        await clock.sleepers(atLeast: 1)
        #expect(clock.sleeperCount == 1, "three requests, one sleeper")
        #expect(watch.stop(stopped), "stopped before its deadline")

        clock.advance(by: .seconds(1))
        while expired.value.isEmpty, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        #expect(expired.value == ["first"])
        #expect(!watch.stop(first), "its deadline came first")

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(3)], "the stopped request's time is skipped")
        clock.advance(by: .seconds(2))
        while expired.value.count < 2, !Task.isCancelled { await Task.yield() }
        #expect(expired.value == ["first", "third"])
        #expect(watch.count == 0)
    }

    @Test("a deadline earlier than the sleeper's gets a sleeper of its own; the later one then ends without expiring anything early")
    func earlierDeadline() async {
        let clock = ManualClock()
        let watch = DeadlineWatch(clock: Stopwatch(clock))
        let expired = Expired()
        _ = watch.watch(until: .seconds(10)) { expired.append("late") }
        await clock.sleepers(atLeast: 1)
        _ = watch.watch(until: .seconds(2)) { expired.append("early") }
        await clock.sleepers(atLeast: 2)
        clock.advance(by: .seconds(2))
        while expired.value.isEmpty, !Task.isCancelled { await Task.yield() }
        #expect(expired.value == ["early"])
        #expect(watch.count == 1)
        clock.advance(by: .seconds(8))
        while expired.value.count < 2, !Task.isCancelled { await Task.yield() }
        #expect(expired.value == ["early", "late"])
    }
}
