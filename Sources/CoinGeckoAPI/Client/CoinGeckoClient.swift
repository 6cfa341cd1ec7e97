import EndlessHTTP
import Foundation

/// Asks CoinGecko's v3 API (or a compatible server, such as the embedded simulator's
/// `/coingecko/api/v3/`) for markets, the global figures and its ping, over an `HTTPClient`.
///
/// Bodies are kept as sent (`RawJSON`) and read with `LiteralJSON`, so every number keeps
/// the text it was sent as.
/// Refusals become typed ``CoinGeckoError``s: the 429 JSON and Cloudflare's "error code: 1015"
/// both as ``CoinGeckoError/rateLimited(_:)`` with the wait the server asked for, key errors as
/// ``CoinGeckoError/refused(code:message:httpStatus:)``, an unknown currency as
/// ``CoinGeckoError/invalidCurrency(message:)``. A demo key travels in `x-cg-demo-api-key`,
/// which the HTTP layer's redactor keeps out of every log; every error this client throws has
/// passed that redactor with the key added.
///
/// ```swift
/// let client = CoinGeckoClient(http: HTTPClient(baseURL: CoinGeckoClient.defaultBaseURL))
/// let page = try await client.markets(CoinMarketsQuery(perPage: 50, sparkline: true))
/// ```
public struct CoinGeckoClient: Sendable {
    /// `https://api.coingecko.com/api/v3/`.
    public static let defaultBaseURL: URL = {
        // A literal that a test parses; there is no input that could make it fail here.
        guard let url = URL(string: "https://api.coingecko.com/api/v3/") else {
            preconditionFailure("the default base URL literal is not a URL")
        }
        return url
    }()
    /// The header a demo key travels in.
    public static let demoKeyHeader = "x-cg-demo-api-key"

    /// The HTTP client; its base URL is the API root every request goes below.
    public let http: HTTPClient
    /// The demo key, or nil for keyless use (the public, tighter rate limit).
    public let demoKey: String?

    /// Creates a client.
    /// - Parameters:
    ///   - http: an HTTP client whose base URL is the API root.
    ///   - demoKey: a demo API key; nil for none.
    public init(http: HTTPClient, demoKey: String? = nil) {
        self.http = http
        self.demoKey = demoKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// One page of markets.
    /// - Parameter query: the currency, order, page, size and extras.
    /// - Returns: the markets, decoded, with the objects exactly as sent.
    /// - Throws: ``CoinGeckoError``.
    public func markets(_ query: CoinMarketsQuery) async throws(CoinGeckoError) -> CoinMarketsPage {
        try await redactingErrors { () async throws(CoinGeckoError) -> CoinMarketsPage in try await unredactedMarkets(query) }
    }

    private func unredactedMarkets(_ query: CoinMarketsQuery) async throws(CoinGeckoError) -> CoinMarketsPage {
        let body = try await get("coins/markets", query: query.queryItems)
        guard let elements = body.elements else { throw Self.unexpected(body, expected: "an array of markets") }
        var markets: [CoinMarket] = []
        markets.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let object = LiteralJSON(element).object else {
                throw .unexpectedBody("market \(index) is not an object")
            }
            do {
                markets.append(try CoinMarket(json: object).keeping(element))
            } catch {
                throw .unexpectedBody("market \(index): \(error)")
            }
        }
        return CoinMarketsPage(query: query, markets: markets, body: body)
    }

    /// `/search?query=`: the coins whose name or symbol matches, ranked by market cap (the
    /// exchanges, categories and NFTs it also lists are left out).
    /// - Parameter query: the words (cleaned and bounded; percent-encoded here).
    /// - Returns: the coins found, best ranked first.
    /// - Throws: ``CoinGeckoError``.
    public func search(_ query: SearchText) async throws(CoinGeckoError) -> [CoinSearchHit] {
        try await redactingErrors { () async throws(CoinGeckoError) -> [CoinSearchHit] in
            try CoinSearchBody.hits(try await get("search", query: [URLQueryItem(name: "query", value: query.text)]))
        }
    }

    /// `/coins/{id}/market_chart`: the coin's prices, market caps and volumes over `range`.
    /// - Parameters:
    ///   - id: the coin's id (`bitcoin`), sent as one path segment: a `/`, `?` or `%` in it is
    ///     percent-encoded, so no id can reach another path.
    ///   - currency: a supported currency code, any case (see ``VsCurrency``).
    ///   - range: how far back.
    /// - Returns: the three series, oldest first, read with bounds (see ``MarketChartBody``).
    /// - Throws: ``CoinGeckoError``: ``CoinGeckoError/invalidRequest(_:)`` for an empty, dotted
    ///   or overlong id or an unknown currency (nothing is sent); an unknown coin is the
    ///   service's `{"error":"coin not found"}`.
    public func marketChart(id: String, currency: String, range: MarketChartRange) async throws(CoinGeckoError) -> MarketChart {
        try await redactingErrors { () async throws(CoinGeckoError) -> MarketChart in
            guard !id.isEmpty, id != ".", id != "..", id.utf8.count <= CoinSearchBody.maximumIDLength else {
                throw .invalidRequest("'\(id.prefix(40))' is not a coin id")
            }
            let code = currency.lowercased()
            guard VsCurrency.isSupported(code) else {
                throw .invalidRequest("'\(currency.prefix(16))' is not a currency CoinGecko prices in")
            }
            let body = try await get(
                "coins/\(Self.encode(id))/market_chart",
                query: [URLQueryItem(name: "vs_currency", value: code), URLQueryItem(name: "days", value: range.queryValue)])
            return try MarketChartBody.read(body)
        }
    }

    /// `/ping`: what the server says when it is up, `(V3) To the Moon!`.
    /// - Throws: ``CoinGeckoError``.
    public func ping() async throws(CoinGeckoError) -> String {
        try await redactingErrors { () async throws(CoinGeckoError) -> String in
            let body = try await get("ping", query: [])
            guard let words = body["gecko_says"]?.string else { throw Self.unexpected(body, expected: "{\"gecko_says\":…}") }
            return words
        }
    }

    /// `/global`: the whole market's figures.
    /// - Throws: ``CoinGeckoError``.
    public func global() async throws(CoinGeckoError) -> CoinGlobal {
        try await redactingErrors { () async throws(CoinGeckoError) -> CoinGlobal in
            let body = try await get("global", query: [])
            do {
                return try CoinGlobal(json: LiteralJSON(body))
            } catch {
                throw Self.unexpected(body, expected: "{\"data\":{…}}")
            }
        }
    }

    /// The URL a request for `path` goes to, with `query`.
    /// - Throws: ``CoinGeckoError/invalidRequest(_:)`` when the client has no usable base URL.
    public func url(_ path: String, query: [URLQueryItem]) throws(CoinGeckoError) -> URL {
        guard let base = http.baseURL, var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest("the HTTP client has no base URL to put \(path) below")
        }
        var basePath = components.percentEncodedPath
        if !basePath.hasSuffix("/") { basePath += "/" }
        components.percentEncodedPath = basePath + path
        components.percentEncodedQuery =
            query.isEmpty ? nil : query.map { "\(Self.encode($0.name))=\(Self.encode($0.value ?? ""))" }.joined(separator: "&")
        guard let url = components.url else { throw .invalidRequest("no URL can be made of \(base) and \(path)") }
        return url
    }

    /// What `read` returns, or its error with every text from the server redacted: refusals,
    /// and bodies quoted because they were not what was asked for, may echo the key.
    private func redactingErrors<Value>(_ read: () async throws(CoinGeckoError) -> Value) async throws(CoinGeckoError) -> Value {
        do {
            return try await read()
        } catch {
            throw error.redacted(by: http.redactor(adding: [demoKey]))
        }
    }

    private func get(_ path: String, query: [URLQueryItem]) async throws(CoinGeckoError) -> RawJSON {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let demoKey { headers[Self.demoKeyHeader] = demoKey }
        let address = try url(path, query: query)
        let response: HTTPResponse
        do {
            response = try await http.data(from: address, headers: headers, accepting: .json)
        } catch {
            throw CoinGeckoError(error)
        }
        let body: RawJSON
        do {
            body = try RawJSON(parsing: response.body)
        } catch {
            throw .unexpectedBody("\(error)")
        }
        // Some refusals arrive with a success status: `{"error":…}` or `{"status":{…}}`.
        if body.kind == .object, body["error"] != nil || body["status"]?["error_code"] != nil,
            let refusal = CoinGeckoError.classify(
                status: response.statusCode, retryAfter: nil, body: String(decoding: response.body, as: UTF8.self))
        {
            throw refusal
        }
        return body
    }

    private static func unexpected(_ body: RawJSON, expected: String) -> CoinGeckoError {
        let text = body.text
        return .unexpectedBody("expected \(expected), got \(text.count > 80 ? String(text.prefix(79)) + "…" : text)")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    private static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
        allowed.insert(charactersIn: "-._~,")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
