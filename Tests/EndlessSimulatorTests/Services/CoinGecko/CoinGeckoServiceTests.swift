import EndlessImages
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessSimulator

/// The offline CoinGecko behind the simulator host, over raw HTTP on 127.0.0.1.
@Suite("Simulated CoinGecko", .timeLimit(TimeBudget.minutes(1)))
struct CoinGeckoServiceTests {
    /// 2025-01-20 10:15:04 UTC.
    static let instant = 1_737_368_104.0

    /// A clock for the market that a test moves by hand.
    final class MarketTime: Sendable {
        private let seconds: Mutex<Double>
        init(_ seconds: Double = CoinGeckoServiceTests.instant) { self.seconds = Mutex(seconds) }
        func advance(by delta: Double) { seconds.withLock { $0 += delta } }
        var now: @Sendable () -> Date { { [self] in Date(timeIntervalSince1970: seconds.withLock { $0 }) } }
    }

    static func start(
        rateLimit: RateLimitConfiguration? = nil, clock: any Clock<Duration> = ContinuousClock(), time: MarketTime = MarketTime(),
        faults: FaultConfiguration = .none
    ) throws -> (server: HTTPServer, client: RawClient) {
        let service = CoinGeckoService(rateLimit: rateLimit, clock: clock, now: time.now)
        let host = SimulatorHost(services: [service], faults: faults.isEnabled ? FaultInjector(configuration: faults) : nil)
        let (server, port) = try startHTTPServer(handler: host)
        return (server, try RawClient(port: port))
    }

    static func get(_ client: RawClient, _ target: String, headers: String = "") throws -> RawClient.Response {
        try client.get(target, headers: "Host: 127.0.0.1:1\r\n" + headers)
    }

    static func markets(_ client: RawClient, _ query: String) throws -> [[String: Any]] {
        let response = try get(client, "/coingecko/api/v3/coins/markets?" + query)
        #expect(response.status == 200, "\(response.text.prefix(200))")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [[String: Any]])
    }

    @Test("ping, global, and an unknown path as the live service answers them")
    func pingAndGlobal() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        #expect(try Self.get(client, "/coingecko/api/v3/ping").text == #"{"gecko_says":"(V3) To the Moon!"}"#)
        let global = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.get(client, "/coingecko/api/v3/global").body)) as? [String: Any])
        let data = try #require(global["data"] as? [String: Any])
        #expect(data["active_cryptocurrencies"] as? Int == CoinCatalog.defaultCount)
        #expect((data["total_market_cap"] as? [String: Any])?["usd"] as? Double ?? 0 > 1e12)
        #expect((data["market_cap_percentage"] as? [String: Any])?["btc"] != nil)
        #expect(data["updated_at"] as? Int == Int(Self.instant))
        let missing = try Self.get(client, "/coingecko/api/v3/coins/nothing")
        #expect(missing.status == 404 && missing.text.hasPrefix(#"{"error":"Incorrect path."#))
    }

    @Test("the whole market by market cap: 2,000 coins, each once, ranked 1…n, fresh listings last with nulls")
    func wholeMarket() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        var coins: [[String: Any]] = []
        for page in 1...9 { coins += try Self.markets(client, "vs_currency=usd&per_page=250&page=\(page)") }
        #expect(coins.count == CoinCatalog.defaultCount)
        let ids = coins.compactMap { $0["id"] as? String }
        #expect(Set(ids).count == ids.count)
        #expect(ids.prefix(3) == ["bitcoin", "ethereum", "tether"])
        let ranked = coins.prefix { $0["market_cap_rank"] is Int }
        #expect(ranked.map { $0["market_cap_rank"] as? Int } == (1...ranked.count).map { $0 })
        let caps = ranked.compactMap { $0["market_cap"] as? Double }
        #expect(caps == caps.sorted(by: >), "market_cap_desc")
        let fresh = coins.dropFirst(ranked.count)
        #expect(fresh.count == CoinCatalog.freshCount)
        #expect(fresh.allSatisfy { $0["market_cap"] is NSNull && $0["circulating_supply"] is NSNull && $0["ath_date"] is NSNull })
        #expect(fresh.allSatisfy { $0["current_price"] is Double && $0["last_updated"] is String })
        // Caps beyond Int32, supplies as floats as sent, dates with milliseconds.
        let bitcoin = try Self.get(client, "/coingecko/api/v3/coins/markets?vs_currency=usd&ids=bitcoin").text
        #expect(bitcoin.contains(#""circulating_supply":19812345.0,"#))
        #expect(bitcoin.firstMatch(of: /"market_cap":(\d{12,}),/) != nil)
        #expect(bitcoin.firstMatch(of: /"last_updated":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/) != nil)
        // Small prices come as the service writes them.
        let texts = try Self.get(client, "/coingecko/api/v3/coins/markets?vs_currency=usd&per_page=250&page=4").text
        #expect(texts.firstMatch(of: /"current_price":\d\.\d+e-0\d,/) != nil)
    }

    @Test("a week of hourly prices ending at the current price, and 1h/24h/7d changes that agree with it")
    func sparkline() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let coins = try Self.markets(client, "vs_currency=usd&per_page=40&sparkline=true&price_change_percentage=1h,24h,7d,30d")
        for coin in coins {
            let prices = try #require((coin["sparkline_in_7d"] as? [String: Any])?["price"] as? [Double])
            try #require(prices.count == 168)
            let price = try #require(coin["current_price"] as? Double)
            let last = try #require(prices.last)
            #expect(abs(last - price) / price < 0.006, "\(coin["id"] ?? "?"): \(last) vs \(price)")
            func change(_ key: String) -> Double? { coin["price_change_percentage_\(key)_in_currency"] as? Double }
            func agrees(_ percent: Double?, from point: Double) -> Bool {
                guard let percent else { return false }
                return abs(percent - (last / point - 1) * 100) < 0.01
            }
            #expect(agrees(change("1h"), from: prices[166]))
            #expect(agrees(change("24h"), from: prices[143]))
            #expect(agrees(change("7d"), from: prices[0]))
            #expect(change("30d") != nil)
            #expect(coin["price_change_percentage_24h"] as? Double == change("24h"))
            let high = try #require(coin["high_24h"] as? Double)
            #expect(high >= price * 0.999 && high >= (prices.suffix(25).max() ?? 0) * 0.995)
        }
    }

    @Test("prices walk in real time: the same instant is the same market, a while later ranks have moved")
    func walk() throws {
        let time = MarketTime()
        let (server, client) = try Self.start(time: time)
        defer { server.stop() }
        let query = "vs_currency=usd&per_page=250&page=4"
        let first = try Self.get(client, "/coingecko/api/v3/coins/markets?" + query).text
        #expect(try Self.get(client, "/coingecko/api/v3/coins/markets?" + query).text == first, "reproducible")
        time.advance(by: 30)
        let later = try Self.markets(client, query).compactMap { $0["id"] as? String }
        let before = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [[String: Any]]).compactMap { $0["id"] as? String }
        #expect(later != before, "30 seconds later, ranks 751-1000 are in another order")
        #expect(Set(later).intersection(before).count > 200, "but mostly the same coins")
    }

    @Test("currencies: the same market in euros; an unknown or missing currency is refused as the service does")
    func currencies() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let usd = try #require(try Self.markets(client, "vs_currency=usd&ids=ethereum").first?["market_cap"] as? Double)
        let eur = try #require(try Self.markets(client, "vs_currency=EUR&ids=ethereum").first?["market_cap"] as? Double)
        #expect(abs(eur / usd - 0.962) < 0.001)
        let sats = try #require(try Self.markets(client, "vs_currency=sats&ids=bitcoin").first?["current_price"] as? Double)
        #expect(sats == 100_000_000)
        let invalid = try Self.get(client, "/coingecko/api/v3/coins/markets?vs_currency=doge-dollars")
        #expect(invalid.status == 400 && invalid.text == #"{"error":"invalid vs_currency"}"#)
        let missing = try Self.get(client, "/coingecko/api/v3/coins/markets")
        #expect(missing.status == 400 && missing.text == #"{"error":"Missing parameter vs_currency"}"#)
    }

    @Test("paging as the service pages: per_page clamped to 250, past the end empty, other orders, an ids filter")
    func paging() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        #expect(try Self.markets(client, "vs_currency=usd&per_page=1000").count == 250)
        #expect(try Self.markets(client, "vs_currency=usd&per_page=0").count == 1)
        #expect(try Self.markets(client, "vs_currency=usd&per_page=250&page=9").isEmpty)
        let byID = try Self.markets(client, "vs_currency=usd&order=id_asc&per_page=5").compactMap { $0["id"] as? String }
        #expect(byID == byID.sorted())
        let two = try Self.markets(client, "vs_currency=usd&ids=tether,bitcoin").compactMap { $0["id"] as? String }
        #expect(two == ["bitcoin", "tether"])
        #expect(try Self.get(client, "/coingecko/api/v3/coins/markets?vs_currency=usd&order=best").status == 400)
    }

    @Test("the keyless rate limit: the real 429 body and retry-after; a demo key gets more; a bad key is refused")
    func rateLimit() throws {
        let clock = ManualClock()
        let (server, client) = try Self.start(rateLimit: RateLimitConfiguration(maxUsers: 3, window: .seconds(60)), clock: clock)
        defer { server.stop() }
        for _ in 0..<3 { #expect(try Self.get(client, "/coingecko/api/v3/ping").status == 200) }
        clock.advance(by: .seconds(15))
        let refused = try Self.get(client, "/coingecko/api/v3/ping")
        #expect(refused.status == 429)
        #expect(refused.header("retry-after") == "45")
        #expect(refused.text == #"{"status":{"error_code":429,"error_message":"\#(CoinGeckoService.rateLimitMessage)"}}"#)
        // Icons do not count.
        #expect(try Self.get(client, "/coingecko/coins/images/1/large/bitcoin.png").status == 200)
        let key = "x-cg-demo-api-key: CG-test\r\n"
        for _ in 0..<9 { #expect(try Self.get(client, "/coingecko/api/v3/ping", headers: key).status == 200) }
        #expect(try Self.get(client, "/coingecko/api/v3/ping", headers: key).status == 429)
        let invalid = try Self.get(client, "/coingecko/api/v3/ping", headers: "x-cg-demo-api-key: letmein\r\n")
        #expect(invalid.status == 401 && invalid.text == #"{"status":{"error_code":10010,"error_message":"Invalid API Key"}}"#)
        let empty = try Self.get(client, "/coingecko/api/v3/ping?x_cg_demo_api_key=")
        #expect(empty.status == 401 && empty.text.contains(#""error_code":10002"#))
        clock.advance(by: .seconds(45))
        #expect(try Self.get(client, "/coingecko/api/v3/ping").status == 200, "the window ended")
    }

    @Test("faults: the throttle answers the real 429, the HTML fault Cloudflare's error 1015")
    func faults() throws {
        let (server, client) = try Self.start(faults: FaultConfiguration(throttleRate: 1))
        defer { server.stop() }
        let throttled = try Self.get(client, "/coingecko/api/v3/coins/markets?vs_currency=usd")
        #expect(throttled.status == 429 && throttled.text.hasPrefix(#"{"status":{"error_code":429,"#))
        #expect(throttled.header("retry-after") != nil)
        let (htmlServer, htmlClient) = try Self.start(faults: FaultConfiguration(htmlRate: 1))
        defer { htmlServer.stop() }
        let blocked = try Self.get(htmlClient, "/coingecko/api/v3/coins/markets?vs_currency=usd")
        #expect(blocked.status == 429)
        #expect(blocked.header("Content-Type")?.hasPrefix("text/html") == true)
        #expect(blocked.text.contains("error code: 1015"))
    }

    @Test("icons: generated PNGs at three sizes, compressed, opaque in the middle, clear in the corners; unknown ones 404")
    func icons() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        for (size, pixels) in [("thumb", 32), ("small", 64), ("large", 128)] {
            let response = try Self.get(client, "/coingecko/coins/images/2/\(size)/ethereum.png")
            #expect(response.status == 200 && response.header("Content-Type") == "image/png")
            let image = try ImageDecoder().decode(
                Data(response.body),
                for: ImageRequest(url: URL(fileURLWithPath: "/\(size).png"), targetSize: PixelSize(width: pixels, height: pixels)))
            #expect(image.width == pixels && image.height == pixels)
            #expect(image.pixel(x: pixels / 2, y: pixels / 2).alpha == 255)
            #expect(image.pixel(x: 0, y: 0).alpha == 0)
            // Compressed (libpng), not stored blocks: smaller than the raw pixels.
            #expect(response.body.count < pixels * pixels * 4)
        }
        #expect(try Self.get(client, "/coingecko/coins/images/2/large/bitcoin.png").status == 404)
        #expect(try Self.get(client, "/coingecko/coins/images/99999/large/x.png").status == 404)
        #expect(try Self.get(client, "/coingecko/coins/images/1/huge/bitcoin.png").status == 404)
    }

    @Test("the rate-limit flag: off, calls a minute, calls per window")
    func flag() throws {
        #expect(try CoinGeckoRateLimit.parse("off") == nil)
        #expect(try CoinGeckoRateLimit.parse("10/min") == RateLimitConfiguration(maxUsers: 10, window: .seconds(60)))
        #expect(try CoinGeckoRateLimit.parse("12") == RateLimitConfiguration(maxUsers: 12, window: .seconds(60)))
        #expect(try CoinGeckoRateLimit.parse("5/30s") == RateLimitConfiguration(maxUsers: 5, window: .seconds(30)))
        for bad in ["", "0/min", "ten", "10/fortnight", "-1", "10/0s"] {
            #expect(throws: FaultFlagError.self) { try CoinGeckoRateLimit.parse(bad) }
        }
    }
}
