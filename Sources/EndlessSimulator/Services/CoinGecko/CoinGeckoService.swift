import Foundation

/// The offline CoinGecko, mounted at `/coingecko/`: its v3 API at `/coingecko/api/v3/` and the
/// coins' icons at `/coingecko/coins/images/<n>/<thumb|small|large>/<id>.png`.
///
/// `GET api/v3/coins/markets` lists the simulated market (``CoinMarketModel``: about 2,000
/// coins whose prices walk in real time, so pages fetched a while apart see ranks that moved),
/// `api/v3/coins/{id}/market_chart` a coin's history (the same walk),
/// `api/v3/ping` answers `{"gecko_says":"(V3) To the Moon!"}`, `api/v3/global` the totals.
/// Keyless clients are rate limited per address (`--coingecko-rate-limit`), with the real 429
/// body and `retry-after`; a demo key (`x-cg-demo-api-key`, or `x_cg_demo_api_key=`, starting
/// `CG-`) gets three times the limit, and a key that is not one is refused with the real
/// `{"status":{"error_code":…}}` bodies. The HTML fault answers Cloudflare's "error code: 1015".
struct CoinGeckoService: ServiceRouter {
    let model: CoinMarketModel
    /// Keyless clients' limit, by address; nil for none.
    let rateLimiter: RateLimiter?
    /// Demo keys' limit, by key; nil for none.
    let demoRateLimiter: RateLimiter?
    let now: @Sendable () -> Date

    static let mountPath = SimulatedService.coinGecko.mountPath
    /// Its v3 API, below the mount.
    static let apiPrefix = SimulatedService.coinGecko.apiPath
    static let demoKeyHeader = "x-cg-demo-api-key"
    static let demoKeyParameter = "x_cg_demo_api_key"
    /// What demo keys start with.
    static let demoKeyPrefix = "CG-"
    /// The longest demo key accepted, in bytes (real ones are 27): a longer one is invalid.
    static let maximumKeyLength = 256
    /// The live service's 429 message.
    static let rateLimitMessage =
        "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits."

    /// - Parameters:
    ///   - model: the market.
    ///   - rateLimit: keyless calls per window; demo keys get three times as many. nil for none.
    ///   - clock: the rate-limit windows' clock.
    ///   - now: the market's instant, read per request.
    init(
        model: CoinMarketModel = CoinMarketModel(), rateLimit: RateLimitConfiguration?, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date
    ) {
        self.model = model
        rateLimiter = rateLimit.map { RateLimiter(configuration: $0, clock: clock) }
        demoRateLimiter = rateLimit.map {
            let calls = $0.maxUsers.multipliedReportingOverflow(by: 3)
            return RateLimiter(
                configuration: RateLimitConfiguration(maxUsers: calls.overflow ? .max : calls.partialValue, window: $0.window), clock: clock)
        }
        self.now = now
    }

    var mountPath: String { Self.mountPath }
    var listLocation: ListLocation { .topLevelArray }
    var siteName: String { "api.coingecko.com" }

    func isAPI(_ request: HTTPRequest) -> Bool {
        relativePath(request.path).hasPrefix(Self.apiPrefix)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = relativePath(request.path)
        if path.hasPrefix("coins/images/") { return icon(path.dropFirst("coins/images/".count)) }
        guard path.hasPrefix(Self.apiPrefix) else { return SimulatorHost.notFound }
        let parameters = QueryParameters(request.query ?? "")
        let key = request.headers[Self.demoKeyHeader] ?? parameters.last(Self.demoKeyParameter)
        if let key {
            let trimmed = key.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return Self.refusal(401, code: 10002, "API Key Missing", note: "missing-demo-key") }
            guard trimmed.hasPrefix(Self.demoKeyPrefix), trimmed.utf8.count <= Self.maximumKeyLength else {
                return Self.refusal(401, code: 10010, "Invalid API Key", note: "invalid-demo-key")
            }
        }
        let limiter = key == nil ? rateLimiter : demoRateLimiter
        let client = key.map { "key:\($0)" } ?? request.peer.host
        if let limiter, let rejection = limiter.check(client: client) {
            var response = throttled(retryAfter: rejection.retryAfter)
            response.logNote = "rate-limited"
            return response
        }
        limiter?.record(client: client, users: 1)
        let route = path.dropFirst(Self.apiPrefix.count).split(separator: "/").joined(separator: "/")
        switch route {
        case "ping": return Self.json(200, #"{"gecko_says":"(V3) To the Moon!"}"#)
        case "global": return global()
        case "coins/markets": return markets(parameters, request: request)
        case "search": return search(parameters, request: request)
        case let chart where chart.hasPrefix("coins/") && chart.hasSuffix("/market_chart") && chart.split(separator: "/").count == 3:
            return marketChart(id: chart.split(separator: "/")[1], parameters)
        default:
            return Self.json(404, #"{"error":"Incorrect path. Please check https://www.coingecko.com/api/documentation"}"#)
        }
    }

    /// The live 429: its JSON body and `retry-after` in whole seconds.
    func throttled(retryAfter: Duration) -> HTTPResponse {
        var response = Self.refusal(429, code: 429, Self.rateLimitMessage, note: nil)
        response.headers.set("retry-after", RetryAfterHeader.seconds(retryAfter))
        return response
    }

    /// Cloudflare's rate-limit answer in front of the API: "error code: 1015", as HTML.
    func blocked(rayID: UInt64) -> HTTPResponse {
        let html = """
            <!DOCTYPE html>
            <html lang="en-US"><head><title>api.coingecko.com | 1015: Rate limited</title></head>
            <body><h1>error code: 1015</h1>
            <p>You are being rate limited. The owner of this website (api.coingecko.com) has banned you temporarily from accessing this website.</p>
            <p>Cloudflare Ray ID: \(String(rayID, radix: 16))</p></body></html>

            """
        return HTTPResponse(status: 429, headers: ["Content-Type": "text/html; charset=UTF-8"], body: Array(html.utf8))
    }

    // MARK: - Routes

    private func markets(_ parameters: QueryParameters, request: HTTPRequest) -> HTTPResponse {
        let seconds = now().timeIntervalSince1970
        let asked: MarketsRequest
        do {
            asked = try MarketsRequest(parameters) { model.dollars(perUnitOf: $0, at: seconds) != nil }
        } catch {
            return Self.json(400, ErrorBody.json(error.message))
        }
        let snapshot = model.snapshot(at: seconds)
        var order = model.order(asked.order, in: snapshot)
        if let ids = asked.ids { order = order.filter { ids.contains(model.catalog.coins[$0].id) } }
        let page = order[PageSlice.positions(page: asked.page, perPage: asked.perPage, count: order.count)]
        let authority = HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority
        let record = MarketRecord(
            model: model, snapshot: snapshot, request: asked,
            dollarsPerUnit: model.dollars(perUnitOf: asked.currency, at: seconds) ?? 1,
            assetBase: "http://\(authority)\(Self.mountPath)")
        var body = TextBuffer(capacity: page.count * (asked.sparkline ? 4200 : 900) + 2)
        body.append(UInt8(ascii: "["))
        for (position, index) in page.enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            record.append(index, to: &body)
        }
        body.append(UInt8(ascii: "]"))
        return Self.json(200, body.bytes)
    }

    /// The most coins one search lists.
    static let maximumSearchHits = 100

    /// `GET search?query=`: the coins whose name, symbol or id starts with each word, ranked by
    /// market cap now (unranked coins last), as `{"coins":[…],"exchanges":[],…}`. No words
    /// finds nothing, as the live service answers an empty query.
    private func search(_ parameters: QueryParameters, request: HTTPRequest) -> HTTPResponse {
        let words = SearchWords(parameters.last("query") ?? "")
        let coins = model.catalog.coins
        var found: [Int] = []
        if !words.isEmpty {
            for (index, coin) in coins.enumerated()
            where words.score([(coin.symbol, 3), (coin.id, 2), (coin.name.lowercased(), 1)]) > 0 {
                found.append(index)
            }
        }
        let snapshot = model.snapshot(at: now().timeIntervalSince1970)
        found.sort { a, b in
            switch (snapshot.ranks[a], snapshot.ranks[b]) {
            case let (x?, y?): x < y
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): coins[a].id < coins[b].id
            }
        }
        let authority = HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority
        let assets = "http://\(authority)\(Self.mountPath)coins/images/"
        var body = TextBuffer(capacity: 64 + min(found.count, Self.maximumSearchHits) * 300)
        body.append("{\"coins\":[")
        for (position, index) in found.prefix(Self.maximumSearchHits).enumerated() {
            let coin = coins[index]
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body.append("{\"id\":")
            body.appendJSONString(coin.id.utf8)
            body.append(",\"name\":")
            body.appendJSONString(coin.name.utf8)
            body.append(",\"api_symbol\":")
            body.appendJSONString(coin.id.utf8)
            body.append(",\"symbol\":")
            body.appendJSONString(coin.symbol.uppercased().utf8)
            body.append(",\"market_cap_rank\":")
            if let rank = snapshot.ranks[index] { body.append(number: rank) } else { body.append("null") }
            body.append(",\"thumb\":")
            body.appendJSONString("\(assets)\(coin.number)/thumb/\(coin.id).png".utf8)
            body.append(",\"large\":")
            body.appendJSONString("\(assets)\(coin.number)/large/\(coin.id).png".utf8)
            body.append(UInt8(ascii: "}"))
        }
        body.append("],\"exchanges\":[],\"icos\":[],\"categories\":[],\"nfts\":[]}")
        return Self.json(200, body.bytes)
    }

    private func global() -> HTTPResponse {
        let seconds = now().timeIntervalSince1970
        let snapshot = model.snapshot(at: seconds)
        let totalCap = snapshot.caps.compactMap { $0 }.reduce(0, +)
        let totalVolume = model.catalog.coins.map { model.volume($0, at: seconds) }.reduce(0, +)
        let dayAgoCap = model.catalog.coins.filter { !$0.isFresh }
            .map { model.price($0, at: seconds - 86_400) * $0.circulatingSupply }.reduce(0, +)
        var body = TextBuffer(capacity: 4096)
        body.append("{\"data\":{\"active_cryptocurrencies\":")
        body.append(number: model.catalog.coins.count)
        body.append(",\"upcoming_icos\":0,\"ongoing_icos\":49,\"ended_icos\":3376,\"markets\":1207")
        for (key, dollars) in [("total_market_cap", totalCap), ("total_volume", totalVolume)] {
            body.append(utf8: ",\"\(key)\":{")
            for (position, currency) in ["usd", "eur", "gbp", "jpy", "btc", "eth"].enumerated() {
                if position > 0 { body.append(UInt8(ascii: ",")) }
                body.appendJSONString(currency.utf8)
                body.append(UInt8(ascii: ":"))
                body.append(utf8: MarketRecord.double(dollars / (model.dollars(perUnitOf: currency, at: seconds) ?? 1)))
            }
            body.append(UInt8(ascii: "}"))
        }
        body.append(",\"market_cap_percentage\":{")
        for (position, index) in snapshot.byMarketCap.prefix(10).enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            body.appendJSONString(model.catalog.coins[index].symbol.utf8)
            body.append(UInt8(ascii: ":"))
            body.append(utf8: MarketRecord.double(((snapshot.caps[index] ?? 0) / totalCap * 100 * 1e6).rounded() / 1e6))
        }
        body.append("},\"market_cap_change_percentage_24h_usd\":")
        body.append(utf8: MarketRecord.percent(totalCap / dayAgoCap))
        body.append(",\"updated_at\":")
        body.append(number: Int(seconds))
        body.append("}}")
        return Self.json(200, body.bytes)
    }

    /// `1/large/bitcoin.png`: the coin's icon at that size.
    private func icon(_ rest: Substring) -> HTTPResponse {
        let parts = rest.split(separator: "/")
        guard parts.count == 3, let number = NumericParameter.integer(parts[0], in: 1...model.catalog.coins.count).value,
            let size = CoinIcon.Size(rawValue: String(parts[1])), parts[2].hasSuffix(".png")
        else { return SimulatorHost.notFound }
        let coin = model.catalog.coins[number - 1]
        guard parts[2].dropLast(4) == coin.id else { return SimulatorHost.notFound }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=31536000", "Access-Control-Allow-Origin": "*"],
            body: CoinIcon.png(hue: coin.hue, symbol: coin.symbol, size: size))
    }

    // MARK: - Bodies

    /// `{"status":{"error_code":…,"error_message":…}}`.
    static func refusal(_ status: Int, code: Int, _ message: String, note: String?) -> HTTPResponse {
        var body = TextBuffer(capacity: message.utf8.count + 48)
        body.append("{\"status\":{\"error_code\":")
        body.append(number: code)
        body.append(",\"error_message\":")
        body.appendJSONString(message.utf8)
        body.append("}}")
        var response = json(status, body.bytes)
        response.logNote = note
        return response
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        json(status, Array(body.utf8))
    }

    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*",
                "Cache-Control": "public, max-age=30",
            ],
            body: body)
    }
}
