import CoinGeckoAPI
import Endless
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// `GET /search?query=` then `/coins/markets?ids=`: the body's shape as the service sends it,
/// read with bounds; and the client and page source against the simulator.
@Suite("CoinGecko search", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CoinSearchTests {
    /// The shape APIS.md gives (the live service's, trimmed).
    static let captured = #"""
        {"coins":[{"id":"bitcoin","name":"Bitcoin","api_symbol":"bitcoin","symbol":"BTC","market_cap_rank":1,
        "thumb":"https://coin-images.coingecko.com/coins/images/1/thumb/bitcoin.png","large":"https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png"},
        {"id":"wrapped-bitcoin","name":"Wrapped Bitcoin","api_symbol":"wrapped-bitcoin","symbol":"WBTC","market_cap_rank":16,"thumb":"t","large":"l"},
        {"id":"bitcoin-on-base","name":"Bitcoin on Base","api_symbol":"bitcoin-on-base","symbol":"BTCB","market_cap_rank":null,"thumb":"t","large":"l"}],
        "exchanges":[{"id":"binance","name":"Binance"}],"icos":[],"categories":[{"id":1,"name":"Bitcoin Fork"}],"nfts":[]}
        """#

    @Test("the captured shape: the coins in order, a null rank as none, the other lists ignored")
    func capturedShape() throws {
        let hits = try CoinSearchBody.hits(try RawJSON(parsing: Array(Self.captured.utf8)))
        #expect(hits.map(\.id) == ["bitcoin", "wrapped-bitcoin", "bitcoin-on-base"])
        #expect(hits.map(\.marketCapRank) == [1, 16, nil])
        #expect(hits.first?.symbol == "BTC" && hits.first?.name == "Bitcoin")
    }

    @Test("bodies that are not a search are errors; coins without a usable id are skipped; at most 250 kept")
    func bounds() throws {
        for body in ["[]", "{}", #"{"coins":{}}"#, #"{"coins":1}"#] {
            #expect(throws: CoinGeckoError.self) { try CoinSearchBody.hits(try RawJSON(parsing: Array(body.utf8))) }
        }
        let odd = #"{"coins":[1,{"id":""},{"id":"a,b"},{"name":"x"},{"id":"ok"},{"id":"ok"}]}"#
        #expect(try CoinSearchBody.hits(try RawJSON(parsing: Array(odd.utf8))).map(\.id) == ["ok"])
        let many = "{\"coins\":[" + (0..<1000).map { "{\"id\":\"c\($0)\"}" }.joined(separator: ",") + "]}"
        #expect(try CoinSearchBody.hits(try RawJSON(parsing: Array(many.utf8))).count == CoinSearchBody.maximumHits)
    }

    @Test("against the simulator: names and symbols match, ranked by market cap, and the markets come for the hits")
    func simulator() async throws {
        let (server, base) = try SimulatedMarketTests.simulator(step: 0)
        defer { server.stop() }
        let client = SimulatedMarketTests.client(base)
        let hits = try await client.search(try #require(SearchText("btc")))
        #expect(hits.first?.id == "bitcoin" && hits.first?.symbol == "BTC" && hits.first?.marketCapRank == 1)
        let bit = try await client.search(try #require(SearchText("bit")))
        #expect(bit.count > 1 && bit.contains { $0.id == "bitcoin" })
        let ranks = bit.compactMap(\.marketCapRank)
        #expect(ranks == ranks.sorted(), "ranked by market cap")
        #expect(bit.allSatisfy { $0.name.lowercased().contains("bit") || $0.symbol.lowercased().hasPrefix("bit") || $0.id.hasPrefix("bit") })
        #expect(try await client.search(try #require(SearchText("zzzzqqq"))).isEmpty)

        let source = CoinSearchPageSource(client: client, search: try #require(SearchText("bit")), query: try CoinMarketsQuery(perPage: 2))
        let first = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 2))
        #expect(first.items.map(\.id) == Array(bit.prefix(2).map(\.id)))
        #expect(first.nextKey == 2)
        let second = try await source.load(PageRequest(direction: .append, key: 2, loadSize: 2))
        #expect(second.items.map(\.id) == Array(bit.dropFirst(2).prefix(2).map(\.id)))
    }

    @Test("in another order, the coins found come in that order across pages, and a refresh orders them again")
    func inTheQueryOrder() async throws {
        let (server, base) = try SimulatedMarketTests.simulator(step: 0)
        defer { server.stop() }
        let client = SimulatedMarketTests.client(base)
        let words = try #require(SearchText("bit"))
        let ranked = try await client.search(words).map(\.id)
        try #require(ranked.count > 4)
        // What the board by volume shows of the coins found: the service's own order.
        var byVolume = try CoinMarketsQuery(order: .volumeDescending, perPage: 250)
        byVolume.ids = ranked
        let expected = try await client.markets(byVolume).markets.map(\.id)
        #expect(expected != ranked, "the simulator's volumes order these coins otherwise than their caps")

        let source = CoinSearchPageSource(client: client, search: words, query: try CoinMarketsQuery(order: .volumeDescending, perPage: 2))
        var ids: [String] = []
        var request = PageRequest<Int>(direction: .refresh, key: nil, loadSize: 2)
        for _ in 0..<200 {
            let page = try await source.load(request)
            ids += page.items.map(\.id)
            guard let next = page.nextKey else { break }
            request = PageRequest(direction: .append, key: next, loadSize: 2)
        }
        #expect(ids == expected)
        #expect(source.found == expected)
        let again = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 2))
        #expect(again.items.map(\.id) == Array(expected.prefix(2)))
    }

    @Test("ids travel in the markets query")
    func idsInQuery() throws {
        var query = try CoinMarketsQuery(perPage: 2)
        query.ids = ["bitcoin", "ethereum"]
        #expect(query.queryItems.contains(URLQueryItem(name: "ids", value: "bitcoin,ethereum")))
    }
}
