import EndlessTesting
import Testing

@testable import EndlessApp

/// The status bar's requests in flight, shown like a delayed spinner.
@Suite("Requests in flight in the status bar", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct InFlightFigureTests {
    final class Shown {
        var values: [Int] = []
    }

    @Test("requests that finish within the delay never show; nothing is drawn for them")
    func quickRequestsNeverShow() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        for _ in 0..<50 {
            figure.update(1)
            figure.update(2)
            figure.update(0)
        }
        // The 50 stretches' timers share one sleeping task (the loop's timer).
        await clock.sleepers(atLeast: 1)
        clock.advance(by: InFlightFigure.appearanceDelay * 2)
        // Every stretch's timer has fired and been heard.
        while clock.sleeperCount > 0 { await Task.yield() }
        for _ in 0..<100 { await Task.yield() }
        #expect(shown.values == Array(repeating: 0, count: 50), "a quick request flashed: \(shown.values)")
    }

    @Test("requests still running after the delay show, follow the count, and the drop to zero shows at once")
    func slowRequestsShow() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        figure.update(1)
        figure.update(3)
        #expect(shown.values.isEmpty)

        await clock.sleepers(atLeast: 1)
        clock.advance(by: InFlightFigure.appearanceDelay)
        while shown.values.isEmpty { await Task.yield() }
        #expect(shown.values == [3])
        figure.update(2)
        figure.update(0)
        #expect(shown.values == [3, 2, 0])

        // The next stretch waits for its own delay again.
        figure.update(1)
        #expect(shown.values == [3, 2, 0])
    }

    @Test("a stretch that ended before its delay is not shown by its timer when the next one starts")
    func oldTimerShowsNothing() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        figure.update(1)
        await clock.sleepers(atLeast: 1)
        figure.update(0)
        clock.advance(by: InFlightFigure.appearanceDelay / 2)
        figure.update(1)  // its timer waits behind the first stretch's, on the same task
        clock.advance(by: InFlightFigure.appearanceDelay / 2)  // the first stretch's timer fires
        for _ in 0..<20 { await Task.yield() }
        #expect(shown.values == [0], "the old stretch's timer showed \(shown.values)")
        clock.advance(by: InFlightFigure.appearanceDelay / 2)
        while shown.values.count < 2, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        #expect(shown.values == [0, 1])
    }
}
