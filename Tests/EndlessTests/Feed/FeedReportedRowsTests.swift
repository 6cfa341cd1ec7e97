import EndlessTesting
import Testing

@testable import Endless

/// Rows a view reports are any integers (a public call): the feed never traps on them, and
/// goes on loading for the rows it really shows.
@MainActor
@Suite("Feed: any rows a view reports", .timeLimit(TimeBudget.minutes(1)))
struct FeedReportedRowsTests {
    @Test("ranges and rows at the ends of Int, or negative, are taken without a trap; a real range loads again", arguments: [false, true])
    func extremeReports(adaptive: Bool) async {
        let configuration =
            adaptive
            ? FeedPrefetchTests.adaptive()
            : FeedConfiguration(minimumIndicatorDuration: .zero)
        let harness = FeedHarness(configuration: configuration, latency: .zero)
        harness.feed.loadFirstPageIfNeeded()
        await harness.feed.wait { $0.items.count == 20 }
        harness.feed.visibleRangeChanged(0..<10)
        harness.feed.visibleRangeChanged((Int.max - 10)..<Int.max)
        harness.feed.itemAppeared(at: Int.max)
        harness.feed.itemAppeared(at: Int.max - 1)
        harness.feed.visibleRangeChanged(Int.min..<(Int.min + 10))
        harness.feed.itemAppeared(at: Int.min)
        harness.feed.visibleRangeChanged(-5..<3)
        #expect(harness.feed.prefetchDistance(.append) >= 0)
        // Back to the rows it shows: the end of the first page asks for the second.
        harness.feed.visibleRangeChanged(10..<20)
        await harness.feed.wait { $0.items.count >= 40 }
        #expect(harness.feed.items.count >= 40)
    }
}
