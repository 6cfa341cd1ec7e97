import EndlessShared
import EndlessTerminal

/// The browse loop's one timer: every delayed event (a frame held back by the frame interval,
/// a spinner's tick, the opening grace, the in-flight figure's delay) waits on it, instead of
/// each starting a task of its own that sleeps (issue 29: a task and a sleep per posted frame
/// cost a thread switch each).
///
/// One wake is set for the earliest deadline and runs what is due then; a later deadline
/// joins the queue without a wake of its own, and only an earlier one replaces the wake.
/// Actions due at the same time run in the order they were scheduled. An action cancelled
/// before it is due costs no wake: if it was the earliest, the wake moves to the next one.
///
/// The wake is the main run loop's own timer when the main actor runs on one (`endless`, see
/// `MainRunLoop`) and the clock is the continuous clock: its wait's timeout, so a frame held
/// back or a spinner's tick costs no task, no dispatch timer and no thread wake. Otherwise
/// (tests on a manual clock) it is a task that sleeps on the clock.
@MainActor
final class LoopTimer {
    private let stopwatch: Stopwatch
    /// The timer's clock: time since it was made.
    nonisolated var elapsed: @Sendable () -> Duration { stopwatch.elapsed }
    private var queue: [(due: Duration, order: UInt64, action: @MainActor () -> Void)] = []
    private var scheduled: UInt64 = 0
    /// Times the wake when set (see the type's documentation).
    private let runLoop: MainRunLoop?
    /// The wake set for the earliest deadline, that deadline, and how to cancel it.
    private var wake: (due: Duration, cancel: @Sendable () -> Void)?
    /// Wakes set so far (for tests: fewer than actions scheduled).
    private(set) var wakesStarted = 0

    /// Actions waiting.
    var pendingCount: Int { queue.count }

    /// Whether an action waiting is due by now: its wake is on its way (for tests).
    var hasDueAction: Bool {
        let now = elapsed()
        return queue.contains { $0.due <= now }
    }

    /// A timer on `clock`; tests pass a manual clock.
    init(clock: any Clock<Duration>) {
        stopwatch = Stopwatch(clock)
        runLoop = clock is ContinuousClock ? MainRunLoop.main : nil
    }

    isolated deinit {
        wake?.cancel()
    }

    /// Runs `action` on the main actor once `delay` has passed.
    /// - Returns: what ``cancel(_:)`` takes to drop it.
    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> UInt64 {
        let due = elapsed() + delay
        scheduled &+= 1
        queue.append((due, scheduled, action))
        if let wake, wake.due <= due { return scheduled }
        wake?.cancel()
        sleep(until: due)
        return scheduled
    }

    /// Drops the action `schedule(after:_:)` returned `id` for, if it has not run; the wake
    /// set for it moves to the next action, or is cancelled when none is left.
    func cancel(_ id: UInt64) {
        guard let index = queue.firstIndex(where: { $0.order == id }) else { return }
        queue.remove(at: index)
        guard let wake else { return }
        // Lazily: frames cancel and set the status bar's age check, so this runs every frame.
        let next = queue.lazy.map(\.due).min()
        if let next, next <= wake.due { return }  // the wake is still the earliest's
        wake.cancel()
        self.wake = nil
        if let next { sleep(until: next) }
    }

    /// Drops every waiting action.
    func cancelAll() {
        queue.removeAll()
        wake?.cancel()
        wake = nil
    }

    private func sleep(until due: Duration) {
        wakesStarted += 1
        if let runLoop {
            // The run loop is the main actor's executor: its timers fire on the main thread.
            let timer = runLoop.schedule(after: due - elapsed()) { [weak self] in MainActor.assumeIsolated { self?.runDue() } }
            wake = (due, timer.cancel)
            return
        }
        // Until the deadline, not for a delay: a task that starts late still wakes on time.
        let task = Task { [weak self, stopwatch] in
            do { try await stopwatch.sleepUntil(due) } catch { return }
            self?.runDue()
        }
        wake = (due, task.cancel)
    }

    private func runDue() {
        wake = nil
        let now = elapsed()
        let due = queue.filter { $0.due <= now }.sorted { ($0.due, $0.order) < ($1.due, $1.order) }
        queue.removeAll { $0.due <= now }
        if let next = queue.map(\.due).min() { sleep(until: next) }
        for entry in due { entry.action() }
    }
}
