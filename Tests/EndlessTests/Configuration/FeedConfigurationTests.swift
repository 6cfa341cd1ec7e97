import Testing

@testable import Endless

@Suite("FeedConfiguration")
struct FeedConfigurationTests {
    @Test("defaults are the issue's: pages of 20, prefetch a page, no bound, no cooldown, 0.5 s indicator")
    func defaults() {
        let configuration = FeedConfiguration.default
        #expect(configuration.pageSize == 20)
        #expect(configuration.prefetchDistance == 20)
        #expect(configuration.initialLoadSize == 20)
        #expect(configuration.maxLoadedItems == nil)
        #expect(configuration.refreshCooldown == .zero)
        #expect(configuration.minimumIndicatorDuration == .milliseconds(500))
        #expect(configuration.automaticRetry == .disabled)
        #expect(configuration.maxConsecutiveDuplicatePages == 3)
        // Pipelining and adaptive prefetch are opt-in: one load per direction, a fixed distance.
        #expect(configuration.maxConcurrentAppends == 1)
        #expect(configuration.adaptivePrefetch == nil)
        #expect(configuration.refreshScope == .firstPage)
    }

    @Test("prefetch distance and initial size follow the page size unless given")
    func derived() {
        let configuration = FeedConfiguration(pageSize: 50)
        #expect(configuration.prefetchDistance == 50)
        #expect(configuration.initialLoadSize == 50)
        #expect(FeedConfiguration(pageSize: 50, prefetchDistance: 10).prefetchDistance == 10)
    }

    @Test("values that cannot work are replaced by the nearest that can")
    func resolved() {
        let configuration = FeedConfiguration(
            pageSize: 0, prefetchDistance: 0, maxLoadedItems: 10, maxConsecutiveDuplicatePages: 0)
        #expect(configuration.resolvedPageSize == 1)
        #expect(configuration.resolvedPrefetchDistance == 1)
        #expect(configuration.resolvedMaxConsecutiveDuplicatePages == 1)
        // A bound below a page plus the prefetch distance on both sides would thrash.
        #expect(FeedConfiguration(maxLoadedItems: 30).resolvedMaxLoadedItems == 60)
        #expect(FeedConfiguration(maxLoadedItems: 500).resolvedMaxLoadedItems == 500)
        #expect(FeedConfiguration().resolvedMaxLoadedItems == nil)
    }

    @Test("adaptive distance: speed × latency × headroom + a page, the starting speed at rest, within bounds")
    func adaptiveDistance() {
        let policy = AdaptivePrefetch.standard
        func distance(_ speed: Double, heading: Bool = true, latency: Double? = 1) -> Int {
            policy.distance(rowsPerSecond: speed, isHeading: heading, latency: latency, pageSize: 20, minimum: 20)
        }
        #expect(distance(40) == 40 * 1 * 5 / 4 + 20)
        #expect(distance(0) == 60 * 5 / 4 + 20)  // still: ready for 60 rows/s
        #expect(distance(0, heading: false) == 20)  // only towards where the person last went
        #expect(distance(-40) == 20)  // moving away
        #expect(distance(1_000) == 200)  // ten pages at most
        #expect(distance(40, latency: nil) == 20)  // no latency measured yet
        #expect(distance(.infinity) == 200)
        // Never below the minimum, whatever the bound says.
        let tight = AdaptivePrefetch(maxDistance: 10)
        #expect(tight.distance(rowsPerSecond: 1_000, isHeading: true, latency: 1, pageSize: 20, minimum: 20) == 20)
        #expect(FeedConfiguration(maxConcurrentAppends: 0).resolvedMaxConcurrentAppends == 1)
    }

    @Test("the standard retry policy waits 1 s, 2 s, 4 s, then gives up")
    func standardRetry() {
        let policy = LoadRetryPolicy.standard
        #expect((1...4).map { policy.delay(beforeRetry: $0) } == [.seconds(1), .seconds(2), .seconds(4), nil])
        #expect(LoadRetryPolicy.disabled.delay(beforeRetry: 1) == nil)
    }

    @Test("retry delays double up to the cap and never overflow")
    func cappedRetry() {
        let policy = LoadRetryPolicy(maxRetries: 200, initialDelay: .seconds(1), maxDelay: .seconds(30))
        #expect(policy.delay(beforeRetry: 5) == .seconds(16))
        #expect(policy.delay(beforeRetry: 6) == .seconds(30))
        #expect(policy.delay(beforeRetry: 200) == .seconds(30))
        #expect(policy.delay(beforeRetry: 0) == nil)
    }
}
