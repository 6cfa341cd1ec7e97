import CoinGeckoAPI
import Endless
import EndlessTesting
import Foundation
import Testing

/// Ranks moving between page requests: no coin twice, none skipped.
@Suite("Markets paging while ranks shift")
struct RankShiftTests {
    static func source(_ market: ScriptedMarket, perPage: Int = 10) throws -> CoinMarketsPageSource {
        CoinMarketsPageSource(client: try Clients.client(market.transport()), query: try CoinMarketsQuery(perPage: perPage))
    }

    static func first(_ source: CoinMarketsPageSource) async throws -> Page<CoinMarket, CoinPageKey> {
        try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: source.perPage))
    }

    static func next(_ source: CoinMarketsPageSource, after page: Page<CoinMarket, CoinPageKey>) async throws
        -> Page<CoinMarket, CoinPageKey>
    {
        let key = try #require(page.nextKey)
        return try await source.load(PageRequest(direction: .append, key: key, loadSize: source.perPage))
    }

    @Test("a coin that moved from page 3 to page 2 after page 2 was loaded comes at the top of page 3")
    func riserAcrossBoundary() async throws {
        // Request 0 is page 1, 1 is page 2; before request 2 (page 3), coin 25 rises to rank 15.
        let market = ScriptedMarket(coins: 40) { number, _, ranking in
            guard number == 2, let from = ranking.firstIndex(of: "coin-25") else { return }
            ranking.insert(ranking.remove(at: from), at: 14)
        }
        let source = try Self.source(market)
        let page1 = try await Self.first(source)
        let page2 = try await Self.next(source, after: page1)
        let page3 = try await Self.next(source, after: page2)
        #expect(page3.items.first?.id == "coin-25", "the riser leads page 3")
        // coin-20 was pushed to page 3's top and is not shown again; coin-25 is not lost.
        let shown = (page1.items + page2.items + page3.items).map(\.id)
        #expect(shown.count == Set(shown).count)
        #expect(Set(shown) == Set((1...30).map { "coin-\($0)" }))
        let figures = await source.reconciliation()
        #expect(figures.risersFound == 1 && figures.repairRequests == 1 && figures.unresolved == 0)
    }

    @Test("a coin that fell from page 1 below the window: the coin that took its place is found")
    func fallerLeavesAGap() async throws {
        let market = ScriptedMarket(coins: 40) { number, _, ranking in
            guard number == 1, let from = ranking.firstIndex(of: "coin-3") else { return }
            ranking.insert(ranking.remove(at: from), at: 35)  // coin-11 moves up to page 1
        }
        let source = try Self.source(market)
        var page = try await Self.first(source)
        var shown = page.items.map(\.id)
        while page.nextKey != nil {
            page = try await Self.next(source, after: page)
            shown += page.items.map(\.id)
        }
        #expect(shown.count == Set(shown).count, "nothing twice")
        #expect(Set(shown) == Set(market.ranking), "nothing skipped: \(Set(market.ranking).subtracting(shown))")
    }

    @Test("a market reshuffled before every page request, paged to its end: every coin exactly once")
    @MainActor
    func everyRequestShuffles() async throws {
        // The ranks move between page requests; a page's re-read of the ranks above it is quick
        // enough to see one order.
        let market = ScriptedMarket(coins: 600) { number, perPage, ranking in
            guard perPage == 50 else { return }
            var random = SeededRandomNumberGenerator(seed: UInt64(number) + 7)
            // Twenty swaps of neighbours up to 30 ranks apart, the way prices drift.
            for _ in 0..<20 {
                let a = Int.random(in: 0..<ranking.count, using: &random)
                let b = min(ranking.count - 1, a + Int.random(in: 1...30, using: &random))
                ranking.swapAt(a, b)
            }
        }
        let source = try Self.source(market, perPage: 50)
        let feed = Feed(
            source: source, configuration: FeedConfiguration(pageSize: 50, prefetchDistance: 50, minimumIndicatorDuration: .zero))
        feed.loadFirstPageIfNeeded()
        await feed.wait { $0.loadStates.refresh.isIdle && !$0.items.isEmpty }
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
        #expect(ids.count == 600)
        #expect(Set(ids) == Set(market.ranking))
        let figures = await source.reconciliation()
        #expect(figures.risersFound > 0, "the shuffles moved coins across page boundaries")
    }

    @Test("a refresh reads as many ranks as the list had shown, in one request, and starts a new list")
    func refreshDepth() async throws {
        let market = ScriptedMarket(coins: 100)
        let source = try Self.source(market, perPage: 10)
        var page = try await Self.first(source)
        for _ in 0..<3 { page = try await Self.next(source, after: page) }
        let refreshed = try await Self.first(source)
        #expect(refreshed.items.count == 40)
        #expect(refreshed.key == CoinPageKey(list: 2, page: 1))
        #expect(refreshed.nextKey == CoinPageKey(list: 2, page: 5))
        // A late page of the old list is passed through unreconciled (the feed discards it).
        let stale = try await source.load(PageRequest(direction: .append, key: CoinPageKey(list: 1, page: 2), loadSize: 10))
        #expect(stale.items.count == 10)
    }
}
