/// Prefetching that follows the person: the feed measures how long pages take to load and how
/// fast the rows on screen move, and keeps enough rows loaded (or on their way) ahead of them
/// to cover that speed for that long, instead of a fixed ``FeedConfiguration/prefetchDistance``.
///
/// The distance ahead is `speed × latency × headroom + pageSize`, in rows, never less than
/// `prefetchDistance` and never more than ``maxDistance``. Latency is a smoothed estimate
/// that leans to the slow side (average plus twice the deviation); speed is measured over the
/// last second on the feed's clock, so a person who stops gets the minimum again. To keep up,
/// the pages in flight must cover `speed × latency` rows: set
/// ``FeedConfiguration/maxConcurrentAppends`` to at least that divided by the page size.
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

    /// Up to ten pages ahead, with a quarter more than speed × latency.
    public static let standard = AdaptivePrefetch()
    /// A quarter more rows ahead than speed × latency.
    public static let defaultHeadroom = 1.25

    /// Creates an adaptive prefetch policy.
    ///
    /// - Parameters:
    ///   - maxDistance: the most rows ahead; `nil` for ten pages.
    ///   - headroom: the factor over `speed × latency`; at least 1.
    public init(maxDistance: Int? = nil, headroom: Double = defaultHeadroom) {
        self.maxDistance = maxDistance
        self.headroom = headroom
    }

    /// The distance to keep ahead.
    ///
    /// - Parameters:
    ///   - rowsPerSecond: the speed towards the end being loaded (0 when still or receding).
    ///   - latency: the expected load time in seconds, or `nil` when none was measured yet.
    ///   - pageSize: rows per page.
    ///   - minimum: the configured `prefetchDistance`.
    /// - Returns: rows to keep loaded or in flight beyond the rows on screen.
    func distance(rowsPerSecond: Double, latency: Double?, pageSize: Int, minimum: Int) -> Int {
        let ceiling = max(minimum, maxDistance ?? 10 * pageSize)
        guard let latency, rowsPerSecond > 0 else { return minimum }
        let wanted = rowsPerSecond * latency * max(1, headroom) + Double(pageSize)
        guard wanted.isFinite else { return ceiling }
        return min(ceiling, max(minimum, Int(wanted.rounded(.up))))
    }
}
