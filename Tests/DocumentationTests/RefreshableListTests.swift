import Endless
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// Runs the code of the article "An endless, refreshable list" against a people service on
/// loopback, on a manual clock.
@MainActor
@Suite struct RefreshableListTests {
    @Test func theRowsOnScreenLoadTheirPagesAhead() async throws {
        let service = try PeopleService()
        defer { service.stop() }
        let client = HTTPClient(baseURL: service.url)
        let clock = ManualClock()
        // listing: first-page
        let feed = makePeopleFeed(client: client, clock: clock)
        // On every appearance; only the first call loads.
        feed.loadFirstPageIfNeeded()
        // Rows 0 to 11 on screen: pages 2 and 3 load too.
        feed.visibleRangeChanged(0..<12)
        // end listing
        try #require(await feed.wait { $0.items.count == 60 })
        #expect(feed.items.first?.name == "Person 1-0")
        #expect(feed.items.last?.id == "p3-19")
        #expect(service.requestedPages.sorted() == [1, 2, 3])
        #expect(footerText(for: feed.loadStates.append) == nil)
    }

    @Test func theFooterSaysWhenEveryoneIsThere() async throws {
        let service = try PeopleService(pageCount: 3)
        defer { service.stop() }
        let feed = makePeopleFeed(client: HTTPClient(baseURL: service.url), clock: ManualClock())
        feed.loadFirstPageIfNeeded()
        try #require(await feed.wait { $0.items.count == 20 })
        feed.visibleRangeChanged(10..<20)   // 40 rows past row 19: pages 2 and 3, the last
        try #require(await feed.wait { $0.loadStates.append.isEndReached })
        #expect(feed.items.count == 60)
        #expect(footerText(for: feed.loadStates.append) == "That's everyone.")
    }

    @Test func aFailedPageRetriesByItselfThenWaitsForATap() async throws {
        let service = try PeopleService()
        defer { service.stop() }
        let clock = ManualClock()
        let feed = makePeopleFeed(client: HTTPClient(baseURL: service.url), clock: clock)
        feed.loadFirstPageIfNeeded()
        try #require(await feed.wait { $0.items.count == 20 })
        try #require(await clock.sleepers(atLeast: 1))   // the spinner's minimum time
        clock.advance(by: .milliseconds(500))
        service.fail(page: 2, times: 4)   // the first try and the three automatic retries
        feed.visibleRangeChanged(0..<12)
        for delay in [1, 2, 4] {   // LoadRetryPolicy.standard
            try #require(await clock.sleepers(atLeast: 1))
            #expect(feed.loadStates.append.isLoading)   // still "Loading more…" while it waits
            #expect(feed.lastError(.append) != nil)
            clock.advance(by: .seconds(delay))
        }
        try #require(await feed.wait { $0.loadStates.append.error != nil })
        let footer = try #require(footerText(for: feed.loadStates.append))
        #expect(footer.hasSuffix("Tap to try again."))
        #expect(feed.items.count == 20)   // page 3 may have landed; it waits for page 2

        feed.retry()   // the tap
        try #require(await feed.wait { $0.items.count == 60 })
        #expect(service.requestedPages.filter { $0 == 2 }.count == 5)
    }

    @Test func aPullWithinTheCooldownLoadsNothing() async throws {
        let service = try PeopleService()
        defer { service.stop() }
        let clock = ManualClock()
        let feed = makePeopleFeed(client: HTTPClient(baseURL: service.url), clock: clock)
        feed.loadFirstPageIfNeeded()
        try #require(await feed.wait { $0.items.count == 20 })
        try #require(await clock.sleepers(atLeast: 1))   // the spinner's minimum time
        clock.advance(by: .milliseconds(500))
        try #require(await feed.wait { !$0.loadStates.refresh.isLoading })

        // The first load started the cooldown: 4.5 s remain.
        #expect(await pullToRefresh(feed) == "Up to date. Pull again in 5 s.")
        #expect(service.requestedPages == [1])

        clock.advance(by: .seconds(5))
        service.fail(page: 1)
        let failed = Task { await pullToRefresh(feed) }
        try #require(await clock.sleepers(atLeast: 1))
        clock.advance(by: .milliseconds(500))
        let failure = try await failed.value(within: .seconds(20))
        #expect(failure?.hasPrefix("Couldn't refresh: ") == true)
        #expect(feed.items.count == 20)   // the rows shown stay

        clock.advance(by: .seconds(5))
        let refreshed = Task { await pullToRefresh(feed) }
        try #require(await clock.sleepers(atLeast: 1))
        clock.advance(by: .milliseconds(500))
        #expect(try await refreshed.value(within: .seconds(20)) == nil)
        #expect(service.requestedPages == [1, 1, 1])
    }
}
