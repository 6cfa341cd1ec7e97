import EndlessFeedModel
import Testing

/// When a live list refreshes next, as a pure value: no clock.
@Suite("Live refresh schedule")
struct LiveRefreshScheduleTests {
    @Test("the schedule: the interval asked for, raised to the cooldown; doubled after a 429 and past its retry-after; back by quarters")
    func schedule() {
        var schedule = LiveRefreshSchedule(every: .seconds(2), cooldown: .seconds(3))
        #expect(schedule.baseInterval == .seconds(3), "never faster than the cooldown")
        schedule = LiveRefreshSchedule(every: .seconds(30), cooldown: .seconds(3))
        #expect(schedule.wait(after: .refreshed) == .seconds(30))
        #expect(schedule.wait(after: .rateLimited(retryAfter: .seconds(119))) == .seconds(119))
        #expect(schedule.interval == .seconds(119))
        #expect(schedule.wait(after: .rateLimited(retryAfter: nil)) == .seconds(238), "a second 429 doubles again")
        #expect(schedule.wait(after: .refreshed) == .seconds(238))
        #expect(schedule.wait(after: .refreshed) == .seconds(238))
        #expect(schedule.wait(after: .refreshed) == .milliseconds(178_500), "three in a row: a quarter shorter")
        #expect(schedule.wait(after: .failed) == .milliseconds(178_500))
        for _ in 0..<30 { _ = schedule.wait(after: .refreshed) }
        #expect(schedule.interval == .seconds(30), "never shorter than asked")
        for _ in 0..<10 { _ = schedule.wait(after: .rateLimited(retryAfter: nil)) }
        #expect(schedule.interval == LiveRefreshSchedule.maximumInterval)
        // Refused by the cooldown (a pull 1 s before): an interval after that pull.
        var fresh = LiveRefreshSchedule(every: .seconds(30), cooldown: .seconds(3))
        #expect(fresh.wait(after: .coolingDown(remaining: .seconds(2)), cooldown: .seconds(3)) == .seconds(29))
    }
}
