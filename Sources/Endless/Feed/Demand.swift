/// Where the person is looking, as far as loading is concerned: the rows on screen, and how
/// fast they move.
///
/// A view that reports its visible range (``Feed/visibleRangeChanged(_:)``) sets the window
/// exactly. A view that reports single rows (``Feed/itemAppeared(at:)``, SwiftUI's `onAppear`)
/// grows it around the row reported, at most `span` rows wide, keeping the side the row moved
/// towards: so the first and last rows of a screen, reported one after the other, make that
/// screen, and rows appearing one by one while scrolling make a window that follows them.
/// Either way the window stays when pages land, fail or are retried, so demand is never lost
/// between a report and the page that serves it.
struct Demand {
    /// The rows on screen, as far as the feed knows; `nil` before any report.
    private(set) var window: ClosedRange<Int>?
    private(set) var speed = ScrollSpeed()
    /// +1 if the rows on screen last moved towards the end (or have not moved yet), −1 if
    /// towards the start.
    private(set) var heading = 1

    /// A single row came on screen.
    mutating func report(_ row: Int, span: Int, at now: Duration) {
        let span = max(0, span - 1)
        if let window {
            if row > window.upperBound {
                self.window = max(window.lowerBound, row - span)...row
            } else if row < window.lowerBound {
                self.window = row...(row + min(span, window.upperBound - row))  // no overflow near Int.max
            }
        } else {
            window = row...row
        }
        record(at: now)
    }

    /// The view says exactly which rows are on screen.
    mutating func report(_ rows: Range<Int>, at now: Duration) {
        guard let last = rows.last else { return }
        window = rows.lowerBound...last
        record(at: now)
    }

    private mutating func record(at now: Duration) {
        guard let window else { return }
        // Halved apart: a window reported near Int.max (any range a view passes) must not overflow.
        let center = Double(window.lowerBound) / 2 + Double(window.upperBound) / 2
        if let last = lastCenter, center != last { heading = center > last ? 1 : -1 }
        lastCenter = center
        speed.record(center: center, at: now)
    }

    private var lastCenter: Double?

    /// Moves the window by `offset` rows (pages never seen were put before the first, moving
    /// every index up).
    mutating func shift(by offset: Int) {
        guard offset != 0, let window else { return }
        self.window = (window.lowerBound + offset)...(window.upperBound + offset)
        lastCenter = lastCenter.map { $0 + Double(offset) }
        speed.shift(by: Double(offset))
    }

    /// Forgets the window if the list no longer reaches it (a refresh made it shorter): the
    /// view will report where it is in the new list.
    mutating func clamp(toCount count: Int) {
        guard let window, window.lowerBound >= count else { return }
        self.window = nil
    }
}
