/// The status bar's count of requests in flight, shown the way a delayed spinner is: a burst
/// of requests that all finish within ``appearanceDelay`` never shows.
///
/// A picture from the embedded simulator or the disk cache takes a few milliseconds. Shown
/// as it happens, each one flashed "1 in flight" for a frame and "0 in flight" the next: two
/// frames a row, unreadable, for every `j` (a fifth of the bytes of scrolling by one row).
/// Once requests have run for the delay, the count follows them exactly, and its drop to zero
/// shows at once.
@MainActor
final class InFlightFigure {
    /// How long requests must run before the count shows: slow enough to be worth a glance.
    static let appearanceDelay: Duration = .milliseconds(200)

    private let timer: LoopTimer
    private let show: @MainActor (Int) -> Void
    /// Requests running now.
    private var count = 0
    /// Whether the count is shown (requests have run for the delay).
    private var isShown = false
    /// Which stretch of busy time this is, so a stretch that ended before its delay is not
    /// shown by its own timer.
    private var stretch: UInt64 = 0

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
    }

    /// Hears the count of requests running now.
    /// - Parameter newCount: the count.
    func update(_ newCount: Int) {
        let wasIdle = count == 0
        count = newCount
        if newCount == 0 {
            stretch &+= 1
            isShown = false
            show(0)
        } else if isShown {
            show(newCount)
        } else if wasIdle {
            stretch &+= 1
            let current = stretch
            timer.schedule(after: Self.appearanceDelay) { [weak self] in self?.reveal(current) }
        }
    }

    private func reveal(_ stretch: UInt64) {
        guard stretch == self.stretch, count > 0 else { return }
        isShown = true
        show(count)
    }
}
