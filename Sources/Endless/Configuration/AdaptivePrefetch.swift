/// Prefetching that follows the person: the feed measures how long pages take to load and how
/// fast the rows on screen move, and keeps enough rows loaded (or on their way) ahead of them
/// to cover that speed for that long, instead of a fixed ``FeedConfiguration/prefetchDistance``.
///
/// The distance ahead is `speed × latency × headroom + pageSize`, in rows, never less than
/// `prefetchDistance` and never more than ``maxDistance``. Latency is a smoothed estimate that
/// leans to the slow side (average plus twice the deviation); speed is measured over the last
/// second on the feed's clock. While the person is still, the speed planned for is
/// ``startingSpeed``, towards the end they last moved to: nobody can be served sooner than a
/// page's latency after they start, so the rows for that first stretch must already be
/// there. It costs a few pages only on a slow API (on a 50 ms API it is a few rows), and only
/// at rest: once the person moves, the measured speed rules. To keep up, the pages in flight must
/// cover `speed × latency` rows: set ``FeedConfiguration/maxConcurrentAppends`` to at least
/// that divided by the page size, plus one.
///
/// ```swift
/// var configuration = FeedConfiguration.default
/// configuration.maxConcurrentAppends = 4
/// configuration.adaptivePrefetch = .standard     // up to 10 pages ahead
/// ```
public struct AdaptivePrefetch: Sendable, Equatable {
    /// The most rows to keep ahead, however fast the person scrolls; `nil` means ten pages.
    public var maxDistance: Int?
    /// How much more than `speed × latency` to keep ahead, for jitter and acceleration: at
    /// least 1.
    public var headroom: Double
    /// The speed, in rows per second, to have rows ready for while the person is still: a
    /// person who starts scrolling at it does not reach the end of the loaded rows before the
    /// first new page lands. 0 keeps only `prefetchDistance` at rest.
    public var startingSpeed: Double

    /// Up to ten pages ahead, with a quarter more than speed × latency, ready for a start at
    /// 60 rows a second.
    public static let standard = AdaptivePrefetch()
    /// A quarter more rows ahead than speed × latency.
    public static let defaultHeadroom = 1.25
    /// Below a row a second the person counts as still.
    static let stillBelow = 1.0
    /// 60 rows a second: a held key or a brisk wheel.
    public static let defaultStartingSpeed = 60.0

    /// Creates an adaptive prefetch policy.
    ///
    /// - Parameters:
    ///   - maxDistance: the most rows ahead; `nil` for ten pages.
    ///   - headroom: the factor over `speed × latency`; at least 1.
    ///   - startingSpeed: rows per second to be ready for at rest; 0 for none.
    public init(
        maxDistance: Int? = nil, headroom: Double = defaultHeadroom, startingSpeed: Double = defaultStartingSpeed
    ) {
        self.maxDistance = maxDistance
        self.headroom = headroom
        self.startingSpeed = startingSpeed
    }

    /// The distance to keep ahead.
    ///
    /// - Parameters:
    ///   - rowsPerSecond: the speed towards the end being loaded (negative when receding).
    ///   - isHeading: whether the person last moved towards that end (or has not moved yet and
    ///     it is the end of the list): only that end is readied for ``startingSpeed``.
    ///   - latency: the expected load time in seconds, or `nil` when none was measured yet.
    ///   - pageSize: rows per page.
    ///   - minimum: the configured `prefetchDistance`.
    /// - Returns: rows to keep loaded or in flight beyond the rows on screen.
    func distance(rowsPerSecond: Double, isHeading: Bool, latency: Double?, pageSize: Int, minimum: Int) -> Int {
        let ceiling = max(minimum, maxDistance ?? 10 * pageSize)
        let isStill = abs(rowsPerSecond) < Self.stillBelow
        let speed = isStill && isHeading ? startingSpeed : rowsPerSecond
        guard let latency, speed > 0 else { return minimum }
        let wanted = speed * latency * max(1, headroom) + Double(pageSize)
        guard wanted.isFinite else { return ceiling }
        return min(ceiling, max(minimum, Int(wanted.rounded(.up))))
    }
}
