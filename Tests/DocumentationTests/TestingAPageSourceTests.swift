import Endless
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// The tests of the article "Testing a page source" (Sources/EndlessTesting/EndlessTesting.docc):
/// each listing is a test, run as written.
@MainActor
@Suite struct TestingAPageSourceTests {
    // listing: test-failure-and-retry
    @Test func aFailedPageWaitsForRetry() async throws {
        let source = ScriptedPageSource(pageSize: 20, pageCount: 5)
        let feed = Feed(source: source, clock: ManualClock())
        source.script(.failure(ScriptedFailure("offline")), forPage: 1)

        feed.loadFirstPageIfNeeded()
        try #require(await feed.wait { $0.items.count == 20 })
        feed.itemAppeared(at: 19)   // the last row: page 1 loads, and fails
        try #require(await feed.wait { $0.loadStates.append.error != nil })
        #expect(feed.items.count == 20)

        feed.retry()                // what the footer's button does
        try #require(await feed.wait { $0.items.count == 40 })
        #expect(source.requests.map(\.key) == [nil, 1, 1])
    }
    // end listing

    // listing: test-gate
    @Test func theFooterSaysLoadingWhileAPageIsOnItsWay() async throws {
        let source = ScriptedPageSource(pageSize: 20, pageCount: 5, gated: true)
        let feed = Feed(source: source, clock: ManualClock())

        feed.loadFirstPageIfNeeded()
        source.release(1)   // let the first page through
        try #require(await feed.wait { $0.items.count == 20 })
        feed.itemAppeared(at: 19)
        // Page 1 is asked for, and held at the gate: "Loading more…".
        try #require(await source.waitingRequests(atLeast: 1))
        #expect(feed.loadStates.append.isLoading)

        source.openGate()
        try #require(await feed.wait { $0.items.count == 40 })
        #expect(feed.loadStates.append.isIdle)
    }
    // end listing

    // listing: test-cooldown
    @Test func aSecondPullWithinTheCooldownLoadsNothing() async throws {
        let clock = ManualClock()
        let source = ScriptedPageSource(pageSize: 20)
        var configuration = FeedConfiguration.default
        configuration.refreshCooldown = .seconds(3)
        configuration.minimumIndicatorDuration = .zero
        let feed = Feed(source: source, configuration: configuration, clock: clock)

        await feed.refresh()
        guard case .coolingDown(let remaining) = await feed.refresh() else {
            Issue.record("a second pull within the cooldown loaded again")
            return
        }
        #expect(remaining == .seconds(3))   // no time passed on the manual clock

        clock.advance(by: .seconds(3))
        await feed.refresh()
        #expect(source.requests.count == 2)
    }
    // end listing

    // listing: test-own-source
    @Test func peopleSourceReadsAPageAndTheEnd() async throws {
        let server = try ScriptedLoopbackServer { _ in
            ScriptedLoopbackServer.response(
                status: 200, headers: ["Content-Type": "application/json"],
                body: #"{"people":[{"id":"a1","name":"Ada"}],"hasMore":false}"#)
        }
        defer { server.stop() }
        let source = PeopleSource(client: HTTPClient(baseURL: server.url()))

        let first = PageRequest<Int>(direction: .refresh, key: nil, loadSize: 20)
        let page = try await source.load(first)
        #expect(page.items.map(\.name) == ["Ada"])
        #expect(page.nextKey == nil)   // the feed shows the end of the list
        #expect(server.requests.map(\.line) == [
            "GET /people?page=1&results=20 HTTP/1.1",
        ])
    }
    // end listing
}
