import CoinGeckoAPI
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import Testing

/// `CoinGeckoClient.marketChart(id:currency:range:)`: each range against the simulator over
/// loopback, the live service's shape, the id kept to one path segment, and hostile bodies
/// read with bounds.
@Suite("CoinGecko market chart", .timeLimit(TimeBudget.minutes(2)))
@MainActor
struct MarketChartTests {
    @Test(
        "each range against the simulator: the days asked, the points spaced as CoinGecko spaces them, the last at the listed price",
        arguments: [
            (MarketChartRange.oneDay, "1", 289), (.sevenDays, "7", 169), (.thirtyDays, "30", 721), (.oneYear, "365", 366),
            (.max, "max", 3651),
        ])
    func ranges(_ range: MarketChartRange, _ days: String, _ count: Int) async throws {
        let (server, base) = try SimulatedMarketTests.simulator(step: 0)
        defer { server.stop() }
        let client = SimulatedMarketTests.client(base)
        #expect(range.queryValue == days)
        let chart = try await client.marketChart(id: "bitcoin", currency: "EUR", range: range)
        #expect(chart.prices.count == count)
        #expect(chart.marketCaps.count == count && chart.totalVolumes.count == count)
        #expect(chart.skippedPoints == 0)
        #expect(zip(chart.prices, chart.prices.dropFirst()).allSatisfy { $0.date < $1.date }, "oldest first")
        let listed = try await client.markets(try CoinMarketsQuery(vsCurrency: "eur", perPage: 250))
        let price = try #require(listed.markets.first { $0.id == "bitcoin" }?.currentPrice?.double)
        let last = try #require(chart.prices.last?.value)
        #expect(abs(last - price) <= price * 1e-9, "the chart ends at the price the board lists")
    }

    @Test("the labels: 24 h, 7 d, 30 d, 1 y, max")
    func labels() {
        #expect(MarketChartRange.allCases.map(\.label) == ["24 h", "7 d", "30 d", "1 y", "max"])
        #expect(MarketChartRange.allCases.map(\.queryValue) == ["1", "7", "30", "365", "max"])
    }

    @Test("an unknown coin is the service's 404 {\"error\":\"coin not found\"}")
    func unknownCoin() async throws {
        let (server, base) = try SimulatedMarketTests.simulator(step: 0)
        defer { server.stop() }
        do {
            _ = try await SimulatedMarketTests.client(base).marketChart(id: "no-such-coin", currency: "usd", range: .sevenDays)
            Issue.record("an unknown coin had a chart")
        } catch {
            guard case .serviceError(let message, let status) = error else {
                Issue.record("not the service's error: \(error)")
                return
            }
            #expect(message == "coin not found" && status == 404)
        }
    }

    @Test("the live service's shape: integer milliseconds, long fractions, caps and volumes as floats")
    func capturedShape() async throws {
        let transport = ScriptedTransport { _, _ in .json(MarketChartFixture.bitcoinOneDay) }
        let chart = try await Clients.client(transport, demoKey: "CG-key").marketChart(id: "bitcoin", currency: "usd", range: .oneDay)
        #expect(chart.prices.map(\.value) == [95862.31724498035, 95910.0021340556, 95884.48183021254, 96023.17469289862])
        #expect(chart.prices.first?.date == Date(timeIntervalSince1970: 1_733_097_600))
        #expect(chart.marketCaps.last?.value == 1900625412369.0227)
        #expect(chart.totalVolumes.count == 4 && chart.skippedPoints == 0)
        let request = try #require(transport.requests.first)
        #expect(
            request.url?.absoluteString == "https://api.coingecko.test/api/v3/coins/bitcoin/market_chart?vs_currency=usd&days=1")
        #expect(request.value(forHTTPHeaderField: CoinGeckoClient.demoKeyHeader) == "CG-key")
    }

    @Test(
        "the id is one path segment: a slash, a question mark or a percent cannot reach another path",
        arguments: [
            ("../../global", "coins/..%2F..%2Fglobal/market_chart"), ("a/b?c=d#e", "coins/a%2Fb%3Fc%3Dd%23e/market_chart"),
            ("50%", "coins/50%25/market_chart"), ("usd-coin", "coins/usd-coin/market_chart"),
        ])
    func idIsOneSegment(_ id: String, _ path: String) async throws {
        let transport = ScriptedTransport { _, _ in .json(#"{"prices":[]}"#) }
        _ = try await Clients.client(transport).marketChart(id: id, currency: "usd", range: .max)
        let url = try #require(transport.requests.first?.url?.absoluteString)
        #expect(url == "https://api.coingecko.test/api/v3/\(path)?vs_currency=usd&days=max")
    }

    @Test("an empty or dotted id, or an unknown currency, is refused before anything is sent", arguments: ["", ".", ".."])
    func refusedIDs(_ id: String) async throws {
        let transport = ScriptedTransport { _, _ in .json(#"{"prices":[]}"#) }
        let client = try Clients.client(transport)
        await #expect(throws: CoinGeckoError.self) { try await client.marketChart(id: id, currency: "usd", range: .sevenDays) }
        await #expect(throws: CoinGeckoError.self) { try await client.marketChart(id: "bitcoin", currency: "doubloons", range: .sevenDays) }
        #expect(transport.requests.isEmpty)
    }

    @Test("a rate limit on the chart is the typed rate limit, with its wait")
    func rateLimited() async throws {
        let transport = ScriptedTransport { _, _ in
            .json(CoinGeckoClientTests.rateLimitBody, status: 429, headers: ["retry-after": "30"])
        }
        let client = try Clients.client(transport)
        do {
            _ = try await client.marketChart(id: "bitcoin", currency: "usd", range: .thirtyDays)
            Issue.record("a 429 had a chart")
        } catch {
            #expect(error.isRateLimit && error.retryAfter == .seconds(30))
        }
    }

    @Test("malformed points are left out and counted: strings, NaN text, 1e999, negatives, absurd instants, nested garbage")
    func malformedPoints() throws {
        let body = """
            {"prices":[["1733097600000","NaN"],[1733097600000,1e999],[1733097600000,-1e999],[1,2],[1733097600000,-5],\
            [1733097600000],[[1733097600000,2],3],{"a":[1,2]},null,true,"x",[1733097600000,2,3],[1e999,1],[-1e400,1],\
            [1733097600000,"10"],[1733097600000,null],[\(String(repeating: "9", count: 300)),1],[1733097700000,10],\
            [1733097600000,0.5e-3]],"market_caps":null,"total_volumes":[[[[[[[[1]]]]]]],[1733097600000,7]]}
            """
        let chart = try MarketChartBody.read(try RawJSON(parsing: Array(body.utf8)))
        #expect(
            chart.prices == [
                MarketChart.Point(date: Date(timeIntervalSince1970: 1_733_097_600), value: 0.0005),
                MarketChart.Point(date: Date(timeIntervalSince1970: 1_733_097_700), value: 10),
            ], "the two good points, put oldest first")
        #expect(chart.marketCaps.isEmpty)
        #expect(chart.totalVolumes.map(\.value) == [7])
        #expect(chart.skippedPoints == 18)
    }

    @Test(
        "bodies that are not a chart are refused with a clear error",
        arguments: [
            #"[]"#, #"{}"#, #"{"prices":"x"}"#, #"{"prices":{"0":[1,2]}}"#, #"{"prices":[],"market_caps":7}"#, #""prices""#,
            #"{"error":"coin not found""#, "NaN", String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ])
    func notACharts(_ body: String) async throws {
        let transport = ScriptedTransport { _, _ in .json(body) }
        let client = try Clients.client(transport)
        do {
            _ = try await client.marketChart(id: "bitcoin", currency: "usd", range: .sevenDays)
            Issue.record("\(body.prefix(40)) read as a chart")
        } catch {
            guard case .unexpectedBody(let reason) = error else {
                Issue.record("not an unexpected body: \(error)")
                return
            }
            #expect(!reason.isEmpty && reason.count < 300)
        }
    }

    @Test("a series of 100,000 points is read; one more is refused, without reading on")
    func pointBound() throws {
        func body(_ count: Int) -> [UInt8] {
            var text = #"{"prices":["#
            text.reserveCapacity(count * 20)
            for index in 0..<count {
                if index > 0 { text += "," }
                text += "[\(1_733_097_600_000 + index * 1000),1.5]"
            }
            return Array((text + "]}").utf8)
        }
        let most = try MarketChartBody.read(try RawJSON(parsing: body(MarketChartBody.maximumPoints)))
        #expect(most.prices.count == MarketChartBody.maximumPoints)
        #expect(throws: CoinGeckoError.self) { try MarketChartBody.read(try RawJSON(parsing: body(MarketChartBody.maximumPoints + 1))) }
    }
}
