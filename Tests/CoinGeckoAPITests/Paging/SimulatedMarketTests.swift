import CoinGeckoAPI
import Endless
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import Synchronization
import Testing

/// The client against the simulator's CoinGecko over loopback HTTP: a whole market paged
/// while its prices walk, the typed rate limit, and numbers kept as sent.
@Suite("CoinGecko client on the simulator", .timeLimit(TimeBudget.minutes(2)))
@MainActor
struct SimulatedMarketTests {
    /// A simulator whose market moves `step` seconds on at every request it answers.
    static func simulator(step: Double, rateLimit: RateLimitConfiguration? = nil) throws -> (SimulatorServer, URL) {
        let seconds = Mutex(1_737_368_104.0)
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: try GeneratorData.builtIn(), rateLimit: nil, coinGeckoRateLimit: rateLimit,
                now: {
                    Date(
                        timeIntervalSince1970: seconds.withLock { value in
                            defer { value += step }; return value
                        })
                }))
        try server.start()
        return (server, try #require(server.baseURL(of: .coinGecko)))
    }

    static func client(_ base: URL) -> CoinGeckoClient {
        CoinGeckoClient(http: HTTPClient(baseURL: base, configuration: .init(retryPolicy: .never, deadline: TimeBudget.scaled(.seconds(30)))))
    }

    @Test("2,000 coins paged while the market moves a minute per request: every coin once, none skipped")
    func wholeMarketWhileMoving() async throws {
        let (server, base) = try Self.simulator(step: 60)
        defer { server.stop() }
        let source = CoinMarketsPageSource(client: Self.client(base), query: try CoinMarketsQuery(perPage: 200))
        let feed = Feed(
            source: source, configuration: FeedConfiguration(pageSize: 200, prefetchDistance: 200, minimumIndicatorDuration: .zero))
        feed.loadFirstPageIfNeeded()
        await feed.wait { !$0.loadStates.refresh.isLoading && !$0.items.isEmpty }
        while !feed.loadStates.append.isEndReached {
            let count = feed.items.count
            feed.itemAppeared(at: count - 1)
            // A wait that gave up (it says so) or was cancelled ends the loop.
            guard await feed.wait(until: { $0.items.count > count || $0.loadStates.append.isEndReached || $0.loadStates.append.error != nil })
            else { return }
            if let error = feed.loadStates.append.error {
                Issue.record("append failed: \(error)")
                return
            }
        }
        let ids = feed.items.map(\.id)
        #expect(ids.count == 2000)
        #expect(Set(ids).count == 2000)
        let figures = await source.reconciliation()
        #expect(figures.risersFound > 0, "a minute a page moved some coins past the pages loaded")
        // A coin the re-read missed (it moved again in the minute the re-read took) is found by
        // a later page: the last page's count is exact, so the list ends complete.
        #expect(figures.repairRequests <= 3 * 10)
    }

    @Test("the simulator's numbers arrive as it wrote them, and its rate limit as a typed wait")
    func literalsAndRateLimit() async throws {
        let (server, base) = try Self.simulator(step: 0, rateLimit: RateLimitConfiguration(maxUsers: 2, window: .seconds(60)))
        defer { server.stop() }
        let client = Self.client(base)
        let page = try await client.markets(try CoinMarketsQuery(perPage: 5, sparkline: true))
        #expect(page.markets.first?.circulatingSupply?.literal == "19812345.0")
        #expect(page.markets.allSatisfy { $0.sparkline7d?.count == 168 })
        #expect(page.markets.first?.imageURL?.path == "/coingecko/coins/images/1/large/bitcoin.png")
        #expect(try await client.ping() == "(V3) To the Moon!")
        do {
            _ = try await client.global()
            Issue.record("the third call in a minute went through")
        } catch {
            #expect(error.isRateLimit)
            #expect(error.retryAfter.map { $0 > .zero && $0 <= .seconds(60) } == true)
        }
    }
}
