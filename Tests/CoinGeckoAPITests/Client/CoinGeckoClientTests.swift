import CoinGeckoAPI
import EndlessHTTP
import Foundation
import Synchronization
import Testing

@Suite("CoinGeckoClient: requests, and refusals as typed errors")
struct CoinGeckoClientTests {
    static let rateLimitBody =
        #"{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."}}"#

    @Test("markets: the query as documented, the demo key in its header, literals and objects kept")
    func marketsRequest() async throws {
        let transport = ScriptedTransport { _, _ in
            .json(#"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin","current_price":96000.10,"extra":1}]"#)
        }
        let client = try Clients.client(transport, demoKey: "CG-secret-key")
        var query = try CoinMarketsQuery(vsCurrency: "EUR", perPage: 50, page: 3, sparkline: true)
        query.priceChangePercentage = [.week, .hour, .day]
        let page = try await client.markets(query)
        #expect(page.markets.map(\.id) == ["bitcoin"])
        #expect(page.markets.first?.currentPrice?.literal == "96000.10")
        #expect(page.markets.first?.rawJSON.members?.last?.key == "extra")
        #expect(page.isLast)
        let request = try #require(transport.requests.first)
        #expect(
            request.url?.absoluteString
                == "https://api.coingecko.test/api/v3/coins/markets?vs_currency=eur&order=market_cap_desc&per_page=50&page=3&sparkline=true&price_change_percentage=1h,24h,7d"
        )
        #expect(request.value(forHTTPHeaderField: CoinGeckoClient.demoKeyHeader) == "CG-secret-key")
    }

    @Test("the demo key never reaches a log")
    func keyRedacted() async throws {
        let lines = Mutex<[String]>([])
        let monitor = LogMonitor { line in lines.withLock { $0.append(line) } }
        let transport = ScriptedTransport { _, _ in .json(#"{"gecko_says":"(V3) To the Moon!"}"#) }
        let client = try Clients.client(transport, demoKey: "CG-secret-key", monitors: [monitor])
        #expect(try await client.ping() == "(V3) To the Moon!")
        let log = lines.withLock { $0 }.joined(separator: "\n")
        #expect(!log.isEmpty)
        #expect(!log.contains("CG-secret-key"))
    }

    @Test("429 with the service's body and retry-after: a rate limit, with the wait shown")
    func rateLimited() async throws {
        let transport = ScriptedTransport { _, _ in .json(Self.rateLimitBody, status: 429, headers: ["retry-after": "119"]) }
        let client = try Clients.client(transport)
        do {
            _ = try await client.markets(CoinMarketsQuery())
            Issue.record("a 429 succeeded")
        } catch {
            guard case .rateLimited(let limit) = error else {
                Issue.record("not a rate limit: \(error)")
                return
            }
            #expect(limit.source == .api)
            #expect(limit.retryAfter == .seconds(119))
            #expect(limit.message.hasPrefix("You've exceeded the Rate Limit."))
            #expect(error.retryAfter == .seconds(119))
            #expect(error.isTransient)
            #expect(error.description.hasSuffix("try again in 119 s."))
            #expect(error.requestFailureKind == .rateLimited)
        }
    }

    @Test(
        "Cloudflare's 'error code: 1015' page, HTML or text, with or without a wait: a rate limit too",
        arguments: [
            (
                429, "text/html; charset=UTF-8",
                "<!DOCTYPE html><html><head><title>api.coingecko.com | 1015: Rate limited</title></head><body>error code: 1015</body></html>", "60"
            ),
            (429, "text/plain", "error code: 1015", nil),
            (403, "text/html", "<html><body><h1>Error 1015</h1><p>You are being rate limited</p></body></html>", nil),
            (200, "text/html", "error code: 1015", nil),
        ] as [(Int, String, String, String?)])
    func cloudflare(_ status: Int, _ type: String, _ body: String, _ retryAfter: String?) async throws {
        let transport = ScriptedTransport { _, _ in
            var reply = ScriptedTransport.Reply(status: status, headers: ["Content-Type": type], body: body)
            if let retryAfter { reply.headers["Retry-After"] = retryAfter }
            return reply
        }
        let client = try Clients.client(transport)
        do {
            _ = try await client.markets(CoinMarketsQuery())
            Issue.record("the block page succeeded")
        } catch {
            guard case .rateLimited(let limit) = error else {
                Issue.record("not a rate limit: \(error)")
                return
            }
            #expect(limit.source == .cloudflare)
            // Whatever the status (403, even 200): the status line says rate-limited, not offline.
            #expect(error.requestFailureKind == .rateLimited)
            #expect(limit.retryAfter == retryAfter.flatMap(Int.init).map { .seconds($0) })
            #expect(error.description.contains("1015"))
        }
    }

    @Test(
        "key errors, an unknown currency and other refusals are typed",
        arguments: [
            (401, #"{"status":{"error_code":10002,"error_message":"API Key Missing"}}"#, "refused 10002"),
            (401, #"{"status":{"error_code":10010,"error_message":"Invalid API Key"}}"#, "refused 10010"),
            (400, #"{"error":"invalid vs_currency"}"#, "currency"),
            (200, #"{"error":"invalid vs_currency"}"#, "currency"),
            (404, #"{"error":"coin not found"}"#, "service"),
            (500, "<html>oops</html>", "http 500"),
        ])
    func refusals(_ status: Int, _ body: String, _ kind: String) async throws {
        let transport = ScriptedTransport { _, _ in .json(body, status: status) }
        let client = try Clients.client(transport)
        do {
            _ = try await client.markets(CoinMarketsQuery())
            Issue.record("\(body) succeeded")
        } catch {
            #expect(error.requestFailureKind == .badAnswer, "the service answered: \(error)")
            switch error {
            case .refused(let code, let message, let httpStatus):
                #expect(kind == "refused \(code)")
                #expect(httpStatus == status && !message.isEmpty)
            case .invalidCurrency(let message):
                #expect(kind == "currency" && message == "invalid vs_currency")
            case .serviceError(let message, _):
                #expect(kind == "service" && message == "coin not found")
            case .http(let underlying):
                #expect(kind == "http \(underlying.statusCode ?? 0)")
            default:
                Issue.record("\(kind): \(error)")
            }
        }
    }

    @Test("queries refuse what the service would: currency, page size, page")
    func queryValidation() throws {
        #expect(throws: CoinGeckoError.self) { try CoinMarketsQuery(vsCurrency: "doge-dollars") }
        #expect(throws: CoinGeckoError.self) { try CoinMarketsQuery(perPage: 251) }
        #expect(throws: CoinGeckoError.self) { try CoinMarketsQuery(perPage: 0) }
        #expect(throws: CoinGeckoError.self) { try CoinMarketsQuery(page: 0) }
        #expect(try CoinMarketsQuery(vsCurrency: "SATS").vsCurrency == "sats")
    }

    @Test("an answer of another shape is an unexpected body, not a crash")
    func shapes() async throws {
        for body in [#"{"data":[]}"#, "[1,2]", #"[{"symbol":"x"}]"#, "not json"] {
            let client = try Clients.client(ScriptedTransport { _, _ in .json(body) })
            do {
                _ = try await client.markets(CoinMarketsQuery())
                Issue.record("\(body) was read as markets")
            } catch {
                guard case .unexpectedBody = error else {
                    Issue.record("\(body): \(error)")
                    continue
                }
            }
        }
    }

    @Test("global: the whole market's figures")
    func global() async throws {
        let client = try Clients.client(
            ScriptedTransport { _, _ in
                .json(
                    #"{"data":{"active_cryptocurrencies":2000,"markets":1100,"total_market_cap":{"usd":3.2e12,"eur":2.9e12},"total_volume":{"usd":1.1e11},"market_cap_percentage":{"btc":58.2,"eth":12.1},"market_cap_change_percentage_24h_usd":-1.25,"updated_at":1737368104}}"#
                )
            })
        let global = try await client.global()
        #expect(global.activeCryptocurrencies == 2000 && global.markets == 1100)
        #expect(global.totalMarketCap["usd"]?.literal == "3.2e12")
        #expect(global.marketCapPercentage["btc"]?.double == 58.2)
        #expect(global.updatedAt == 1_737_368_104)
    }
}
