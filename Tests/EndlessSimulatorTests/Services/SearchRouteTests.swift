import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The simulated services' searches over raw HTTP on 127.0.0.1: Unsplash's `search/photos`
/// and CoinGecko's `search`, as the services answer them, and their query bounded.
@Suite("Simulated searches", .timeLimit(TimeBudget.minutes(1)))
struct SearchRouteTests {
    static func object(_ response: RawClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("Unsplash: {total, total_pages, results}; every photo matches in its description, alt text or tag; paging headers")
    func unsplash() throws {
        let (server, client, service) = try UnsplashServiceTests.start()
        defer { server.stop() }
        let get = { (target: String) in try client.get(target, headers: "Host: 127.0.0.1:1\r\n" + UnsplashServiceTests.key) }
        let response = try get("/unsplash/search/photos?query=sea&per_page=30")
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        let body = try Self.object(response)
        let total = try #require(body["total"] as? Int)
        let pages = try #require(body["total_pages"] as? Int)
        let results = try #require(body["results"] as? [[String: Any]])
        #expect(total > 30 && pages == (total + 29) / 30 && results.count == 30)
        #expect(response.header("X-Total") == String(total) && response.header("Link")?.contains("rel=\"next\"") == true)
        for photo in results {
            let id = try #require(photo["id"] as? String)
            let record = try #require(service.catalogue.photo(id: id))
            let fields = [(record.description ?? ""), record.altDescription, record.scene.kind.rawValue].joined(separator: " ").lowercased()
            #expect(fields.contains("sea"), "\(id): \(fields)")
        }
        // Relevant: matched in the description first.
        let firstID = try #require(results.first?["id"] as? String)
        #expect(service.catalogue.photo(id: firstID)?.description?.lowercased().contains("sea") == true)
        // The last page has no next; one past it is empty with the same totals.
        let past = try Self.object(try get("/unsplash/search/photos?query=sea&per_page=30&page=\(pages + 1)"))
        #expect((past["results"] as? [Any])?.isEmpty == true && past["total"] as? Int == total)
        let nothing = try Self.object(try get("/unsplash/search/photos?query=xylophone"))
        #expect(nothing["total"] as? Int == 0 && nothing["total_pages"] as? Int == 0)
    }

    @Test("Unsplash: no query is the live 400; a huge or hostile query is bounded and answered")
    func unsplashBounds() throws {
        let (server, client, _) = try UnsplashServiceTests.start()
        defer { server.stop() }
        let get = { (target: String) in try client.get(target, headers: "Host: 127.0.0.1:1\r\n" + UnsplashServiceTests.key) }
        #expect(try get("/unsplash/search/photos").status == 400)
        #expect(try get("/unsplash/search/photos?query=").status == 400)
        let long = String(repeating: "sea%20", count: 1000)
        let bounded = try get("/unsplash/search/photos?query=\(long)")
        #expect(bounded.status == 200)
        #expect(try get("/unsplash/search/photos?query=%FF%00%E2%80%AE%25%26").status == 200)
        // The key is needed, as for every API call.
        #expect(try client.get("/unsplash/search/photos?query=sea", headers: "Host: 127.0.0.1:1\r\n").status == 401)
    }

    @Test("the query's words: letters and digits, lowercased, at most 8, read from the first 200 characters")
    func words() {
        #expect(SearchWords("Sea, SKY & 42!").words == ["sea", "sky", "42"])
        #expect(SearchWords(String(repeating: "a ", count: 100)).words.count == SearchWords.maximumWords)
        #expect(SearchWords(String(repeating: "x", count: 300) + " tail").words == [String(repeating: "x", count: 200)])
        #expect(SearchWords("\u{0}\u{1B}[2J").words == ["2j"])
        #expect(SearchWords("sea").score([("seaside town", 3)]) == 3)
        #expect(SearchWords("sea").score([("overseas", 3)]) == 0)
    }

    @Test("CoinGecko: names, symbols and ids match, ranked by market cap, with the live body's other lists")
    func coinGecko() throws {
        let (server, client) = try CoinGeckoServiceTests.start()
        defer { server.stop() }
        let response = try CoinGeckoServiceTests.get(client, "/coingecko/api/v3/search?query=btc")
        #expect(response.status == 200)
        let body = try Self.object(response)
        for list in ["exchanges", "icos", "categories", "nfts"] { #expect((body[list] as? [Any])?.isEmpty == true, "\(list)") }
        let coins = try #require(body["coins"] as? [[String: Any]])
        let first = try #require(coins.first)
        #expect(first["id"] as? String == "bitcoin" && first["symbol"] as? String == "BTC" && first["market_cap_rank"] as? Int == 1)
        #expect(first["api_symbol"] as? String == "bitcoin")
        #expect((first["thumb"] as? String)?.hasSuffix("/thumb/bitcoin.png") == true)

        let bit = try #require(
            try Self.object(try CoinGeckoServiceTests.get(client, "/coingecko/api/v3/search?query=bit"))["coins"] as? [[String: Any]])
        let ranks = bit.compactMap { $0["market_cap_rank"] as? Int }
        #expect(ranks.count > 1 && ranks == ranks.sorted())
        for coin in bit {
            let words = [coin["name"], coin["symbol"], coin["id"]].compactMap { $0 as? String }.joined(separator: " ").lowercased()
            #expect(words.contains("bit"), "\(words)")
        }
        // No words (missing, empty, or only punctuation) finds nothing; a long query is bounded.
        for target in ["search", "search?query=", "search?query=%26%26", "search?query=" + String(repeating: "b", count: 5000)] {
            let answer = try CoinGeckoServiceTests.get(client, "/coingecko/api/v3/" + target)
            #expect(answer.status == 200)
            #expect((try Self.object(answer)["coins"] as? [Any])?.isEmpty == true, "\(target.prefix(40))")
        }
        // Then the markets of the hits.
        let markets = try CoinGeckoServiceTests.markets(client, "vs_currency=usd&ids=bitcoin,ethereum")
        #expect(Set(markets.compactMap { $0["id"] as? String }) == ["bitcoin", "ethereum"])
    }
}
