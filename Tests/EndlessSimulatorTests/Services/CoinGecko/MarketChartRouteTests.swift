import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// `coins/{id}/market_chart` of the offline CoinGecko, over raw HTTP on 127.0.0.1.
@Suite("Simulated CoinGecko market chart", .timeLimit(TimeBudget.minutes(1)))
struct MarketChartRouteTests {
    static func chart(_ client: RawClient, _ query: String) throws -> (status: Int, body: [String: Any]) {
        let response = try CoinGeckoServiceTests.get(client, "/coingecko/api/v3/coins/bitcoin/market_chart?" + query)
        let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(response.text.prefix(200))")
        return (response.status, body)
    }

    static func points(_ body: [String: Any], _ key: String) throws -> [[Double]] {
        try #require(body[key] as? [[Double]], "\(key) is not a list of [ms, value]")
    }

    @Test("the three series, oldest first, spaced as CoinGecko spaces them, ending at the price coins/markets lists now")
    func shapeAndGranularity() throws {
        let (server, client) = try CoinGeckoServiceTests.start()
        defer { server.stop() }
        let listed = try CoinGeckoServiceTests.markets(client, "vs_currency=eur&ids=bitcoin")
        let current = try #require(listed.first?["current_price"] as? Double)
        let nowMs = CoinGeckoServiceTests.instant * 1000
        for (days, step, count) in [("1", 300_000.0, 289), ("7", 3_600_000, 169), ("90", 3_600_000, 2161), ("365", 86_400_000, 366)] {
            let (status, body) = try Self.chart(client, "vs_currency=eur&days=\(days)")
            #expect(status == 200)
            let prices = try Self.points(body, "prices")
            let caps = try Self.points(body, "market_caps")
            let volumes = try Self.points(body, "total_volumes")
            #expect(prices.count == count, "days=\(days)")
            #expect(caps.count == count && volumes.count == count)
            #expect(prices.allSatisfy { $0.count == 2 && $0[1] > 0 })
            let times = prices.map { $0[0] }
            #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == step }, "days=\(days): points \(step) ms apart")
            #expect(times.last == nowMs)
            #expect(prices.last?[1] == current, "days=\(days): the last point is the listed price")
        }
        let max = try Self.chart(client, "vs_currency=usd&days=max")
        #expect(max.status == 200)
        #expect(try Self.points(max.body, "prices").count == MarketChartRequest.maximumDays + 1)
    }

    @Test("days that are not a number of days, a missing currency, an unknown coin: CoinGecko's error bodies")
    func refusals() throws {
        let (server, client) = try CoinGeckoServiceTests.start()
        defer { server.stop() }
        for days in ["0", "-3", "abc", "1.5", "99999999999999999999999", ""] {
            let (status, body) = try Self.chart(client, "vs_currency=usd&days=\(days)")
            #expect(status == 400, "days=\(days)")
            #expect((body["error"] as? String)?.contains("days") == true, "days=\(days)")
        }
        #expect(try Self.chart(client, "days=7").status == 400)
        #expect(try Self.chart(client, "vs_currency=xyz&days=7").status == 400)
        let unknown = try CoinGeckoServiceTests.get(client, "/coingecko/api/v3/coins/no-such-coin/market_chart?vs_currency=usd&days=7")
        #expect(unknown.status == 404)
    }
}
