import Synchronization

/// Stands between the HTTP clients' count of requests in flight, which changes on whatever
/// thread counted, and the status bar's ``InFlightFigure``: it keeps the count and tells the
/// browse loop only what the figure needs to hear.
///
/// Every request moves the count twice. Posted to the loop, each move woke the main thread:
/// 1.2 wakes a key of a held `j` with pictures, where a picture from the embedded simulator
/// takes a few milliseconds (issue 29). The figure only needs to hear when a busy stretch
/// begins, to time its delay, and then every move once it shows. The moves of a short request
/// in between stay here, and the figure reads how things stand when its delay is over
/// (``check(at:)``).
final class InFlightGate: Sendable {
    /// What the figure should do, as the count stands now.
    enum Verdict: Equatable {
        /// Show this count (zero hides the figure).
        case show(Int)
        /// Requests run, but not yet for the delay: check again then.
        case wait(until: Duration)
        /// Nothing runs and nothing shows.
        case idle
    }

    private struct State {
        var count = 0
        /// When the busy stretch going on began, on the loop's clock.
        var stretchStart: Duration = .zero
        /// The loop has heard of a stretch and will check it: a new stretch needs no telling.
        var isArmed = false
        /// The figure shows the count: it hears every move.
        var isShown = false
    }

    private let state = Mutex(State())
    private let delay: Duration
    private let elapsed: @Sendable () -> Duration

    /// Creates the gate.
    /// - Parameters:
    ///   - delay: how long requests must run before the count shows.
    ///   - elapsed: the loop's clock, read when a stretch begins (on the counting thread).
    init(delay: Duration, elapsed: @escaping @Sendable () -> Duration) {
        self.delay = delay
        self.elapsed = elapsed
    }

    /// Hears the count of requests running now, on the thread that counted.
    /// - Parameter count: the count.
    /// - Returns: whether the loop must hear of it (and call ``check(at:)``).
    func hear(_ count: Int) -> Bool {
        state.withLock { state in
            let wasIdle = state.count == 0
            state.count = count
            if state.isShown { return true }
            guard wasIdle, count > 0 else { return false }
            state.stretchStart = elapsed()
            guard !state.isArmed else { return false }
            state.isArmed = true
            return true
        }
    }

    /// How things stand at `now`, for the loop: told by ``hear(_:)``, or when the wait of a
    /// ``Verdict/wait(until:)`` is over. Showing, hiding and disarming happen in the same step
    /// as the reading, so a move on another thread meanwhile is either seen here or told.
    /// - Parameter now: the loop's clock.
    /// - Returns: what to do.
    func check(at now: Duration) -> Verdict {
        state.withLock { state in
            if state.isShown {
                if state.count == 0 { state.isShown = false }
                return .show(state.count)
            }
            guard state.count > 0 else {
                state.isArmed = false
                return .idle
            }
            guard now - state.stretchStart >= delay else { return .wait(until: state.stretchStart + delay) }
            state.isArmed = false
            state.isShown = true
            return .show(state.count)
        }
    }
}
