import EndlessTesting
import Synchronization
import Testing

@testable import EndlessApp

/// The status bar's requests in flight, shown like a delayed spinner.
@Suite("Requests in flight in the status bar", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct InFlightFigureTests {
    final class Shown {
        var values: [Int] = []
    }

    /// Hears `count` as the browse loop does: the counting thread leaves it in the gate, and
    /// the loop hears of it only when the gate says so.
    /// - Returns: whether the loop was told.
    @discardableResult
    static func hear(_ count: Int, in figure: InFlightFigure) -> Bool {
        guard figure.gate.hear(count) else { return false }
        figure.countMoved()
        return true
    }

    @Test("requests that finish within the delay never show; the loop hears of the first stretch only, until its check")
    func quickRequestsNeverShow() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        var told = 0
        for _ in 0..<50 {
            for count in [1, 2, 0] where Self.hear(count, in: figure) { told += 1 }
        }
        #expect(told == 1, "each move of a quick request woke the loop: \(told) posts")
        await clock.sleepers(atLeast: 1)
        clock.advance(by: InFlightFigure.appearanceDelay * 2)
        // The check has run: the next stretch is told again.
        while clock.sleeperCount > 0, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        for _ in 0..<100 { await Task.yield() }
        #expect(shown.values.isEmpty, "a quick request flashed: \(shown.values)")
        #expect(Self.hear(1, in: figure), "once checked, a new stretch is told")
    }

    @Test("a frame drawn after a stretch ended drops its check from the timer; one drawn while requests run keeps it")
    func frameDropsCheckOfEndedStretch() {
        let clock = ManualClock()
        let shown = Shown()
        let timer = LoopTimer(clock: clock)
        let figure = InFlightFigure(timer: timer) { shown.values.append($0) }
        #expect(Self.hear(1, in: figure))
        #expect(timer.pendingCount == 1, "the stretch's check waits")
        figure.frameDrawn()
        #expect(timer.pendingCount == 1, "requests still run: the check stays")
        #expect(!Self.hear(0, in: figure), "a quick request's end is not told")
        figure.frameDrawn()
        #expect(timer.pendingCount == 0, "the stretch ended: nothing left to check")
        #expect(Self.hear(1, in: figure), "the next stretch is told again")
        #expect(timer.pendingCount == 1)
        #expect(shown.values.isEmpty)

        // Still running at its delay: a frame shows the count, as the check would, and drops it.
        clock.advance(by: InFlightFigure.appearanceDelay)
        figure.frameDrawn()
        #expect(shown.values == [1])
        #expect(timer.pendingCount == 0)
        #expect(Self.hear(0, in: figure), "shown, the count's drop is told")
        #expect(shown.values == [1, 0])
    }

    @Test("requests still running after the delay show, follow the count, and the drop to zero shows at once")
    func slowRequestsShow() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        #expect(Self.hear(1, in: figure))
        #expect(!Self.hear(3, in: figure), "a move within the delay waits in the gate")
        #expect(shown.values.isEmpty)

        await clock.sleepers(atLeast: 1)
        clock.advance(by: InFlightFigure.appearanceDelay)
        while shown.values.isEmpty, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        #expect(shown.values == [3], "the check reads the count as it stands")
        #expect(Self.hear(2, in: figure))
        #expect(Self.hear(0, in: figure))
        #expect(shown.values == [3, 2, 0])

        // The next stretch waits for its own delay again.
        #expect(Self.hear(1, in: figure))
        #expect(shown.values == [3, 2, 0])
    }

    @Test("a stretch that ended before its delay is not shown by its check when the next one starts; the next shows after its own delay")
    func oldTimerShowsNothing() async {
        let clock = ManualClock()
        let shown = Shown()
        let figure = InFlightFigure(clock: clock) { shown.values.append($0) }
        Self.hear(1, in: figure)
        await clock.sleepers(atLeast: 1)
        Self.hear(0, in: figure)
        clock.advance(by: InFlightFigure.appearanceDelay / 2)
        #expect(!Self.hear(1, in: figure), "the first stretch's check is still due: the second needs no post")
        clock.advance(by: InFlightFigure.appearanceDelay / 2)  // the first stretch's check runs
        await clock.sleepers(atLeast: 1)  // and waits again, for the second stretch's delay
        #expect(shown.values.isEmpty, "the old stretch's check showed \(shown.values)")
        clock.advance(by: InFlightFigure.appearanceDelay / 2)
        while shown.values.isEmpty, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        #expect(shown.values == [1])
    }
}

/// The gate between the counting threads and the figure, on its own.
@Suite("In-flight gate")
struct InFlightGateTests {
    final class Time: Sendable {
        let now = Mutex<Duration>(.zero)
    }

    @Test("a stretch's start is told once; the check waits out the delay, shows, then passes on every move until zero")
    func verdicts() {
        let time = Time()
        let gate = InFlightGate(delay: .milliseconds(200)) { time.now.withLock { $0 } }
        time.now.withLock { $0 = .milliseconds(10) }
        #expect(gate.hear(1))
        #expect(!gate.hear(2))
        #expect(gate.check(at: .milliseconds(100)) == .wait(until: .milliseconds(210)))
        #expect(!gate.hear(1), "armed: moves wait in the gate")
        #expect(gate.check(at: .milliseconds(210)) == .show(1))
        #expect(gate.hear(4), "shown: every move is told")
        #expect(gate.check(at: .milliseconds(220)) == .show(4))
        #expect(gate.hear(0))
        #expect(gate.check(at: .milliseconds(230)) == .show(0))
        #expect(gate.check(at: .milliseconds(240)) == .idle, "hidden, idle, and disarmed")
        #expect(!gate.hear(0))
        #expect(gate.hear(1), "a new stretch is told again")
    }

    @Test("counts heard on other threads while the loop checks end in the verdict of the last count")
    func concurrentHearing() async {
        let gate = InFlightGate(delay: .zero) { .zero }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for count in 0..<1_000 { _ = gate.hear(count % 3) }
                }
            }
            group.addTask {
                for _ in 0..<1_000 { _ = gate.check(at: .seconds(1)) }
            }
        }
        _ = gate.hear(0)
        #expect([.show(0), .idle].contains(gate.check(at: .seconds(1))))
        #expect(gate.check(at: .seconds(1)) == .idle)
        #expect(gate.hear(2), "after the idle check, a stretch is told")
        #expect(gate.check(at: .seconds(1)) == .show(2))
    }
}
