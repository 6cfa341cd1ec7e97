import Endless
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

/// The randomuser page source against the simulator over TCP, alone and driving a Feed.
@Suite("RandomUserPageSource against the simulator", .timeLimit(TimeBudget.minutes(1)))
struct RandomUserPageSourceTests {
    typealias Key = RandomUserPageSource.Key

    /// A simulator with a request log, and a source over it.
    final class Harness: Sendable {
        let server: SimulatorServer
        let client: RandomUserClient
        private let log = RandomUserClientTests.LogBox()

        init(faults: FaultConfiguration = .none) throws {
            let log = self.log
            server = SimulatorServer(
                configuration: SimulatorConfiguration(
                    data: try RandomUserClientTests.data.get(), faults: faults, rateLimit: nil,
                    log: { line in log.append(line) }))
            let http = HTTPClient(
                baseURL: try server.start(),
                configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(20))))
            client = RandomUserClient(http: http)
        }

        /// The path and query of every request so far, e.g. `/api/?results=20&page=2&seed=…`.
        /// (The simulator logs an exchange after sending its response: wait for the lines.)
        func requests(atLeast count: Int) async throws -> [String] {
            let log = self.log
            return try await withTimeout(.seconds(20)) { await log.first(count) }.map { String($0.split(separator: " ")[1]) }
        }

        func source(_ query: RandomUserQuery? = nil, seed: String = "fixed") throws -> RandomUserPageSource {
            try RandomUserPageSource(client: client, query: query ?? RandomUserQuery(), makeSeed: { seed })
        }

        deinit { server.stop() }
    }

    @Test("the first page carries no seed; the next ones use info.seed and a page number")
    func documentedFlow() async throws {
        let harness = try Harness()
        let source = try harness.source()

        let first = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        let next = try #require(first.nextKey)
        let second = try await source.load(PageRequest(direction: .append, key: next, loadSize: 20))

        let seed = try #require(first.key?.seed)
        #expect(first.key == Key(seed: seed, page: 1))
        #expect(first.previousKey == nil)
        #expect(next == Key(seed: seed, page: 2))
        #expect(second.previousKey == first.key)
        #expect(first.items.count == 20 && second.items.count == 20)
        #expect(try await harness.requests(atLeast: 2) == ["/api/?results=20&page=1", "/api/?results=20&page=2&seed=\(seed)"])
    }

    @Test("a page loaded again by its key brings the same people, so a dropped page reloads identically")
    func reproducible() async throws {
        let harness = try Harness()
        let source = try harness.source()
        let key = Key(seed: "5f2c09a1", page: 7)

        let once = try await source.load(PageRequest(direction: .append, key: key, loadSize: 20))
        let again = try await source.load(PageRequest(direction: .prepend, key: key, loadSize: 20))

        #expect(once.items == again.items)
        #expect(once.items.map(\.id) == again.items.map(\.id))
    }

    @Test("page 10000 is the end of the list: the service has no page after it")
    func endOfList() async throws {
        let harness = try Harness()
        let page = try await harness.source().load(
            PageRequest(direction: .append, key: Key(seed: "s", page: 10000), loadSize: 5))

        #expect(page.nextKey == nil)
        #expect(page.previousKey == Key(seed: "s", page: 9999))
    }

    @Test("a gender filter seeds every page itself and keeps only that gender, reproducibly")
    func genderFilter() async throws {
        let harness = try Harness()
        let source = try harness.source(try RandomUserQuery(gender: .female), seed: "chosen")

        let first = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        let reload = try await source.load(PageRequest(direction: .prepend, key: first.key, loadSize: 20))

        #expect(first.key == Key(seed: "chosen", page: 1))
        #expect(!first.items.isEmpty)
        #expect(first.items.allSatisfy { $0.gender == "female" })
        #expect(first.items == reload.items)
        #expect(
            try await harness.requests(atLeast: 2).allSatisfy { $0.contains("seed=chosen") && $0.contains("results=40") && !$0.contains("gender") })
    }

    @Test("a gender filter without the gender field is refused up front")
    func genderWithoutField() throws {
        let harness = try Harness()
        #expect(throws: RandomUserQueryError.genderWithoutGenderField) {
            try RandomUserPageSource(
                client: harness.client, query: try RandomUserQuery(gender: .male, included: [.name, .email]))
        }
    }

    @Test("a Feed over the source scrolls on with unique people")
    @MainActor
    func feedOverSource() async throws {
        let harness = try Harness()
        let feed = Feed(source: try harness.source(), configuration: FeedConfiguration(pageSize: 20))

        feed.loadFirstPageIfNeeded()
        await feed.wait { $0.items.count >= 20 && !$0.loadStates.append.isLoading }
        // Each row seen pulls the window prefetchDistance (20) rows further.
        feed.itemAppeared(at: 19)
        await feed.wait { $0.items.count >= 40 && !$0.loadStates.append.isLoading }
        feed.itemAppeared(at: 39)
        await feed.wait { $0.items.count >= 60 && !$0.loadStates.append.isLoading }

        let ids = feed.items.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(feed.pageKeys.count >= 3)
    }

    @Test("keys are known in advance: the same seed, the next page, none after page 10000")
    func keyAfter() throws {
        let harness = try Harness()
        let source = try harness.source()
        #expect(source.key(after: Key(seed: "abc", page: 3)) == Key(seed: "abc", page: 4))
        #expect(source.key(after: Key(seed: "abc", page: 10_000)) == nil)
    }

    @Test("a pipelined Feed over the source loads several pages at once, in order, with nobody twice")
    @MainActor
    func pipelinedFeed() async throws {
        let harness = try Harness()
        let feed = Feed(
            source: try harness.source(),
            configuration: FeedConfiguration(pageSize: 20, prefetchDistance: 80, maxConcurrentAppends: 4))
        feed.loadFirstPageIfNeeded()
        await feed.wait { $0.items.count >= 20 && !$0.loadStates.refresh.isLoading }
        feed.visibleRangeChanged(0..<20)
        await feed.wait { $0.items.count >= 100 && $0.loadsInFlight == 0 }

        #expect(feed.pageKeys.compactMap { $0?.page } == Array(1...feed.pageKeys.count))
        let ids = feed.items.map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}
