/// The status bar's count of requests in flight, shown the way a delayed spinner is: a burst
/// of requests that all finish within ``appearanceDelay`` never shows.
///
/// A picture from the embedded simulator or the disk cache takes a few milliseconds. Shown
/// as it happens, each one flashed "1 in flight" for a frame and "0 in flight" the next: two
/// frames a row, unreadable, for every `j` (a fifth of the bytes of scrolling by one row).
/// Once requests have run for the delay, the count follows them exactly, and its drop to zero
/// shows at once. The count reaches it through an ``InFlightGate``, which wakes the loop only
/// for what the figure needs.
@MainActor
final class InFlightFigure {
    /// How long requests must run before the count shows: slow enough to be worth a glance.
    static let appearanceDelay: Duration = .milliseconds(200)

    private let timer: LoopTimer
    private let show: @MainActor (Int) -> Void
    /// Where the counting threads leave the count; the loop is told only what this figure
    /// needs (see ``InFlightGate``).
    nonisolated let gate: InFlightGate
    /// The check of the stretch going on, waiting on the timer.
    private var pendingCheck: UInt64?

    /// Creates the figure.
    /// - Parameters:
    ///   - clock: times the delay; tests pass a manual clock.
    ///   - show: sets the figure the status bar draws (0 until requests have run long enough).
    convenience init(clock: any Clock<Duration>, show: @escaping @MainActor (Int) -> Void) {
        self.init(timer: LoopTimer(clock: clock), show: show)
    }

    /// Creates the figure, timing its delay on the loop's timer.
    /// - Parameters:
    ///   - timer: times the delay.
    ///   - show: sets the figure the status bar draws.
    init(timer: LoopTimer, show: @escaping @MainActor (Int) -> Void) {
        self.timer = timer
        self.show = show
        gate = InFlightGate(delay: Self.appearanceDelay, elapsed: timer.elapsed)
    }

    /// The gate has told the loop that the count moved (``InFlightGate/hear(_:)`` returned
    /// true): shows it, or waits out the delay of the stretch that began.
    func countMoved() {
        switch gate.check(at: timer.elapsed()) {
        case .show(let count):
            show(count)
        case .wait(let due):
            guard pendingCheck == nil else { return }
            pendingCheck = timer.schedule(after: due - timer.elapsed()) { [weak self] in
                guard let self else { return }
                pendingCheck = nil
                countMoved()
            }
        case .idle:
            break
        }
    }

    /// A frame was drawn: while a check waits, looks at the stretch now, as the check would,
    /// and drops the check unless it must still wait. A page's request usually ends well
    /// within the delay, and a held key draws a frame every few dozen milliseconds: the check
    /// would wake the loop 200 ms after every page only to find nothing running (issue 29).
    func frameDrawn() {
        guard let pendingCheck else { return }
        let verdict = gate.check(at: timer.elapsed())
        if case .wait = verdict { return }
        timer.cancel(pendingCheck)
        self.pendingCheck = nil
        if case .show(let count) = verdict { show(count) }
    }
}
