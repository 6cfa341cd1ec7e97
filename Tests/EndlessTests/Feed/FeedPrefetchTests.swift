import EndlessTesting
import Testing

@testable import Endless

/// Adaptive prefetch: rows ahead from measured latency and scroll speed, on the manual clock.
@MainActor
@Suite("Feed: adaptive prefetch", .timeLimit(TimeBudget.minutes(1)))
struct FeedPrefetchTests {
    static func adaptive(maxDistance: Int? = nil) -> FeedConfiguration {
        FeedConfiguration(
            minimumIndicatorDuration: .zero, maxConcurrentAppends: 8,
            adaptivePrefetch: AdaptivePrefetch(maxDistance: maxDistance))
    }

    /// A person scrolling a 20-row screen at `rowsPerSecond` for `seconds`, ten steps a second,
    /// against a source that takes `latency` on the harness clock. Returns the rows that were
    /// placeholders on screen after the first second (when the screen first reached them).
    private func scroll(
        _ harness: FeedHarness, rowsPerSecond: Int, seconds: Int, from top: inout Int
    ) async -> Int {
        var holes = 0
        for step in 0..<seconds * 10 {
            harness.clock.advance(by: .milliseconds(100))
            await harness.feed.waitUntilLoadsSleep(on: harness.clock)
            top += rowsPerSecond / 10
            let rows = top..<top + 20
            harness.feed.visibleRangeChanged(rows)
            await harness.feed.waitUntilLoadsSleep(on: harness.clock)
            if step >= 10 { holes += rows.count { harness.feed.items.item(at: $0) == nil } }
        }
        return holes
    }

    @Test("the distance covers speed × latency (at rest, the starting speed's), within the bound, ahead only")
    func distanceFollowsSpeedAndLatency() async {
        let harness = FeedHarness(configuration: Self.adaptive(), latency: .seconds(1))
        harness.feed.loadFirstPageIfNeeded()
        await harness.feed.waitUntilLoadsSleep(on: harness.clock)
        harness.clock.advance(by: .seconds(1))
        await harness.feed.wait { $0.items.count == 20 }
        // Still, but ready for a start at 60 rows/s on a 1 s source: 60 × 2 s (the first
        // estimate leans slow) × 1.25 + 20.
        #expect(harness.feed.prefetchDistance(.append) == 170)
        #expect(harness.feed.prefetchDistance(.prepend) == 20)

        var top = 0
        _ = await scroll(harness, rowsPerSecond: 100, seconds: 3, from: &top)
        let fast = harness.feed.prefetchDistance(.append)
        #expect(fast >= 100 * 1 + 20)  // a second of rows at 100 rows/s, and a page
        #expect(fast <= 200)  // the default bound: ten pages
        #expect(harness.feed.prefetchDistance(.prepend) == 20)  // nothing to prefetch behind
        #expect(harness.feed.loadsInFlight >= 3)  // 100 rows a second need 5 pages of 20 in flight

        harness.clock.advance(by: .seconds(2))  // the person stops: ready for a start again
        let resting = harness.feed.prefetchDistance(.append)
        #expect(resting < fast && resting >= 60 + 20)

        var still = Self.adaptive()
        still.adaptivePrefetch?.startingSpeed = 0
        let lazy = FeedHarness(configuration: still, latency: .seconds(1))
        lazy.feed.loadFirstPageIfNeeded()
        await lazy.feed.waitUntilLoadsSleep(on: lazy.clock)
        lazy.clock.advance(by: .seconds(1))
        await lazy.feed.wait { $0.items.count == 20 }
        #expect(lazy.feed.prefetchDistance(.append) == 20)  // startingSpeed 0: only the minimum at rest
    }

    @Test("the distance never passes maxDistance")
    func bounded() async {
        let harness = FeedHarness(configuration: Self.adaptive(maxDistance: 50), latency: .seconds(2))
        harness.feed.loadFirstPageIfNeeded()
        await harness.feed.waitUntilLoadsSleep(on: harness.clock)
        harness.clock.advance(by: .seconds(2))
        await harness.feed.wait { $0.items.count == 20 }
        var top = 0
        _ = await scroll(harness, rowsPerSecond: 80, seconds: 2, from: &top)
        #expect(harness.feed.prefetchDistance(.append) == 50)
    }

    @Test("pipelined and adaptive, 60 rows a second on a 1 s source never reach a placeholder after the first second")
    func noStallAtSpeed() async {
        let harness = FeedHarness(configuration: Self.adaptive(), latency: .seconds(1))
        harness.feed.loadFirstPageIfNeeded()
        await harness.feed.waitUntilLoadsSleep(on: harness.clock)
        harness.clock.advance(by: .seconds(1))
        await harness.feed.wait { $0.items.count == 20 }
        // The person reads the first screen for a second, which the feed spends loading ahead.
        harness.feed.visibleRangeChanged(0..<20)
        for _ in 0..<10 {
            harness.clock.advance(by: .milliseconds(100))
            await harness.feed.waitUntilLoadsSleep(on: harness.clock)
        }
        var top = 0
        let holes = await scroll(harness, rowsPerSecond: 60, seconds: 10, from: &top)
        #expect(holes == 0)
        // No more pages than the rows seen need, plus the distance ahead.
        let needed = (top + 20 + harness.feed.prefetchDistance(.append)) / 20 + 1
        #expect(harness.source.requests.count <= needed)
    }

    @Test("one page in flight cannot keep up at that speed: the same scroll reaches placeholders")
    func oneInFlightStalls() async {
        let harness = FeedHarness(
            configuration: FeedConfiguration(minimumIndicatorDuration: .zero), latency: .seconds(1))
        harness.feed.loadFirstPageIfNeeded()
        await harness.feed.waitUntilLoadsSleep(on: harness.clock)
        harness.clock.advance(by: .seconds(1))
        await harness.feed.wait { $0.items.count == 20 }
        var top = 0
        let holes = await scroll(harness, rowsPerSecond: 60, seconds: 10, from: &top)
        #expect(holes > 0)
    }
}
