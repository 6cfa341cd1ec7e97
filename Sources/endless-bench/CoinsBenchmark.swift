import CoinGeckoAPI
import EndlessHTTP
import EndlessSimulator
import Foundation

/// Reading a 250-coin `/coins/markets` page with sparklines (the service's largest, ~1 MB,
/// 42,000 numbers) as the coins tab does: `LiteralJSON`, which keeps every number's text, then
/// the tolerant `CoinMarket` models. Against what the tutorial does instead, `JSONDecoder` into
/// a `Codable` struct of `Double`s, and against `JSONSerialization` merely parsing the bytes.
/// The page is the simulator's, fetched once over loopback.
enum CoinsBenchmark {
    /// What the seed app decodes: the fields it shows, numbers as `Double`.
    struct TutorialCoin: Decodable {
        let id: String
        let symbol: String
        let name: String
        let image: String?
        let current_price: Double?
        let market_cap: Double?
        let market_cap_rank: Int?
        let total_volume: Double?
        let high_24h: Double?
        let low_24h: Double?
        let price_change_percentage_24h: Double?
        let circulating_supply: Double?
        let total_supply: Double?
        let max_supply: Double?
        let ath: Double?
        let atl: Double?
        let last_updated: String?
        struct Sparkline: Decodable { let price: [Double] }
        let sparkline_in_7d: Sparkline?
    }

    static func run() async throws {
        let body = try await page()
        let check = try LiteralJSON.parse(body).array?.compactMap(\.object).map(CoinMarket.init(json:)) ?? []
        guard check.count == 250, check.allSatisfy({ $0.sparkline7d?.count == 168 }) else {
            throw DecodeBenchmark.BenchmarkError("the page read as \(check.count) coins")
        }
        var read = 0
        let literal = try Bench.median {
            let markets = try LiteralJSON.parse(body).array?.compactMap(\.object).map(CoinMarket.init(json:)) ?? []
            read += markets.count
        }
        let decoder = try Bench.median {
            read += try JSONDecoder().decode([TutorialCoin].self, from: body).count
        }
        let untyped = try Bench.median {
            read += (try JSONSerialization.jsonObject(with: body) as? [Any])?.count ?? 0
        }
        guard read > 0 else { throw DecodeBenchmark.BenchmarkError("nothing was read") }
        Bench.report(
            "coins",
            [
                "coins": 250, "bytes": body.count,
                "literal_pages_per_s": Bench.fixed(1 / literal, 1),
                "jsondecoder_pages_per_s": Bench.fixed(1 / decoder, 1),
                "jsonserialization_pages_per_s": Bench.fixed(1 / untyped, 1),
                // Above 1: keeping every literal costs less than the tutorial's lossy decoding.
                "ratio_vs_jsondecoder": Bench.fixed(decoder / literal),
                "ratio_vs_jsonserialization": Bench.fixed(untyped / literal),
            ])
    }

    /// The simulator's largest page, with sparklines and the three changes.
    static func page() async throws -> Data {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: try GeneratorData.builtIn(), rateLimit: nil, now: { Date(timeIntervalSince1970: 1_737_368_104) }))
        try server.start()
        defer { server.stop() }
        guard let base = server.baseURL(of: .coinGecko),
            let url = URL(string: "coins/markets?vs_currency=usd&per_page=250&sparkline=true&price_change_percentage=1h,24h,7d", relativeTo: base)
        else { throw DecodeBenchmark.BenchmarkError("the simulator has no CoinGecko") }
        return try await HTTPClient().data(from: url.absoluteURL, accepting: .json).body
    }
}
