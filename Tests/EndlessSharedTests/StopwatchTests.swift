import EndlessShared
import EndlessTesting
import Testing

@Suite("Stopwatch")
struct StopwatchTests {
    @Test("elapsed time counts from when the stopwatch started, not from the clock's origin")
    func elapsedFromStart() {
        let clock = ManualClock()
        clock.advance(by: .seconds(100))
        let stopwatch = Stopwatch(clock)
        #expect(stopwatch.elapsed() == .zero)
        clock.advance(by: .milliseconds(1500))
        #expect(stopwatch.elapsed() == .milliseconds(1500))
    }

    @Test("sleeps end on the clock's time: sleepUntil at a time since the start, sleep(for:) from now")
    func sleeping() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(10))
        let stopwatch = Stopwatch(clock)
        clock.advance(by: .seconds(1))
        let until = Task { try await stopwatch.sleepUntil(.seconds(5)) }
        let later = Task { try await stopwatch.sleep(for: .seconds(5)) }
        try #require(await clock.sleepers(atLeast: 2))
        // Started at t+10: 5 s since the start is t+15; 5 s from t+11 is t+16.
        #expect(clock.pendingDeadlines == [ManualClock.Instant(offset: .seconds(15)), ManualClock.Instant(offset: .seconds(16))])
        clock.advance(by: .seconds(5))
        try await until.value(within: .seconds(10))
        try await later.value(within: .seconds(10))
        #expect(stopwatch.elapsed() == .seconds(6))
    }
}
