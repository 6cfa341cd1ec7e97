import Endless
import EndlessTesting
import Foundation
import RandomUserAPI
import ReqresAPI
import Testing

@testable import EndlessCache

/// Real feeds over real sources over the simulator, through the cache: what a person sees
/// when `endless` is quit and launched again with the network gone.
@Suite("Feeds through the cache, against the simulator", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CachedFeedTests {
    static let configuration = FeedConfiguration(minimumIndicatorDuration: .zero)

    /// Every item the feed has loaded, in order.
    static func items<Source: PageSource>(_ feed: Feed<Source>) -> [Source.Item] {
        (0..<feed.items.totalCount).compactMap { feed.items.item(at: $0) }
    }

    /// Opens the feed and scrolls until `count` items are loaded (or a load fails).
    static func scroll<Source: PageSource>(_ feed: Feed<Source>, to count: Int) async {
        feed.loadFirstPageIfNeeded()
        await feed.wait { !$0.items.isEmpty || $0.loadStates.refresh.error != nil }
        while feed.items.count < count, feed.loadStates.append.error == nil, !feed.loadStates.append.isEndReached {
            let loaded = feed.items.count
            feed.itemAppeared(at: loaded - 1)
            // A wait that gave up (it says so) or was cancelled ends the scroll.
            guard await feed.wait(until: { $0.items.count > loaded || $0.loadStates.append.error != nil || $0.loadStates.append.isEndReached })
            else { return }
        }
    }

    @Test("quit, relaunch with the network gone: the same people, identical field for field, then an offline footer")
    func peopleRelaunchOffline() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulator = try Simulator()
        let firstRun = Feed(
            source: CachedPageSource(
                try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", variant: "simulator",
                policy: .neverStale),
            configuration: Self.configuration)
        await Self.scroll(firstRun, to: 60)
        let seen = Self.items(firstRun)
        #expect(seen.count == 60)

        simulator.stop()
        let source = CachedPageSource(
            try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", variant: "simulator",
            policy: .neverStale)
        let relaunched = Feed(source: source, configuration: Self.configuration)
        await Self.scroll(relaunched, to: 80)

        #expect(Self.items(relaunched) == seen)
        #expect(relaunched.pageKeys == firstRun.pageKeys)
        #expect(relaunched.loadStates.append.error != nil)
        #expect(source.status.isOffline)
        #expect(source.status.summary(now: Date())?.hasPrefix("offline · cached") == true)
        // R retries: still no network, still the same rows.
        relaunched.retry()
        await relaunched.wait { $0.loadStates.append.error != nil }
        #expect(Self.items(relaunched) == seen)
    }

    @Test("offline mode browses exactly the cached pages and says where the cache ends")
    func offlineMode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulator = try Simulator()
        let online = Feed(
            source: CachedPageSource(
                try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", policy: .neverStale),
            configuration: Self.configuration)
        await Self.scroll(online, to: 40)

        let offline = Feed(
            source: CachedPageSource(
                try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", policy: .neverStale,
                mode: .offline),
            configuration: Self.configuration)
        await Self.scroll(offline, to: 60)

        #expect(Self.items(offline) == Self.items(online))
        #expect(offline.loadStates.append.error as? CachedPageSourceError == .notCached(feed: "people"))
    }

    @Test("reqres users round-trip through the cache, and the list still ends where it ended")
    func usersRelaunch() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulator = try Simulator()
        let policy = CachePolicy(maxAge: .seconds(86_400))
        let online = Feed(
            source: CachedPageSource(simulator.users(), cache: PageCacheFixtures.cache(in: directory), feed: "users", policy: policy),
            configuration: FeedConfiguration(pageSize: 6, minimumIndicatorDuration: .zero))
        await Self.scroll(online, to: 100)
        #expect(online.items.count == 12 && online.loadStates.append.isEndReached)

        simulator.stop()
        let relaunched = Feed(
            source: CachedPageSource(simulator.users(), cache: PageCacheFixtures.cache(in: directory), feed: "users", policy: policy),
            configuration: FeedConfiguration(pageSize: 6, minimumIndicatorDuration: .zero))
        await Self.scroll(relaunched, to: 100)

        #expect(Self.items(relaunched) == Self.items(online))
        #expect(relaunched.loadStates.append.isEndReached)
        #expect(try PageCacheFixtures.cache(in: directory).usage().map(\.items) == [12])
    }

    @Test("the documented recipe: open from the stale cache at once, then revalidate with a refresh")
    func revalidationRecipe() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulator = try Simulator()
        let date = TestDate()
        let policy = CachePolicy(maxAge: .seconds(30))
        let first = Feed(
            source: CachedPageSource(
                try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", policy: policy,
                now: date.clock),
            configuration: Self.configuration)
        await Self.scroll(first, to: 20)
        date.advance(by: 600)

        let source = CachedPageSource(
            try simulator.people(), cache: PageCacheFixtures.cache(in: directory), feed: "people", policy: policy,
            now: date.clock)
        let feed = Feed(source: source, configuration: Self.configuration)
        feed.loadFirstPageIfNeeded()
        #expect(await feed.refresh().description == "refreshed")  // joins the first load
        let opened = Self.items(feed)
        #expect(source.status.needsRevalidation)
        #expect(source.status.summary(now: date.now) == "cached 10 min ago")

        #expect(feed.refreshAvailableIn == .zero)
        #expect(await feed.refresh().description == "refreshed")

        // Without a seed, each refresh of randomuser.me starts a new list: new people.
        #expect(opened == Self.items(first))
        #expect(Set(Self.items(feed).map(\.id)).isDisjoint(with: opened.map(\.id)))
        #expect(!source.status.needsRevalidation)
        #expect(source.status.summary(now: date.now) == nil)
    }
}
