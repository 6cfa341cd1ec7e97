import EndlessFeedModel

/// The ranges an item's details chart switches between (`[` and `]` in the details), declared
/// on a feed's ``FeedDefinition``: a coin's 24 hours, week, month, year and whole history.
///
/// The details open on the chart the item itself carries (``opening``), which costs no
/// request; another range is loaded when asked for, in the background, and kept for the
/// session (see the browser's chart ranges).
public struct FeedCharts<Settings: Sendable, Item: Sendable>: Sendable {
    /// The ranges' labels, shortest first: `24 h`, `7 d`, `30 d`, `1 y`, `max`.
    let ranges: [String]
    /// The range of the chart the item's own details carry.
    let opening: Int
    /// Loads the item's chart over the range at an index of ``ranges``.
    let load: @Sendable (Settings, FeedTabContext, Item, Int) async throws -> ItemDetails.Chart

    /// - Parameters:
    ///   - ranges: the ranges' labels, shortest first.
    ///   - opening: the index of the range the item's own details chart shows.
    ///   - load: loads the item's chart over the range at an index, with the feed's settings, on
    ///     its endpoint; its error is explained as the feed's list errors are.
    public init(
        ranges: [String], opening: Int,
        load: @escaping @Sendable (Settings, FeedTabContext, Item, Int) async throws -> ItemDetails.Chart
    ) {
        precondition(ranges.indices.contains(opening), "the opening range is not among the ranges")
        self.ranges = ranges
        self.opening = opening
        self.load = load
    }
}
