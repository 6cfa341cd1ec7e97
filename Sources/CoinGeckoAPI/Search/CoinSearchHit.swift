import EndlessHTTP

/// One coin of `GET /search?query=`: `{"id","name","api_symbol","symbol","market_cap_rank","thumb","large"}`.
/// The service ranks hits by market cap; a coin with no rank (`null`) comes after those with one.
public struct CoinSearchHit: Sendable, Hashable {
    /// The coin's id, as `/coins/markets?ids=` takes it.
    public let id: String
    /// Its name.
    public let name: String
    /// Its ticker symbol, as the service writes it (`BTC`).
    public let symbol: String
    /// Its rank by market cap, or nil when it has none.
    public let marketCapRank: Int?
    /// Its small icon's address, as sent (never fetched by the client).
    public let thumb: String?

    /// Creates a hit.
    public init(id: String, name: String, symbol: String, marketCapRank: Int? = nil, thumb: String? = nil) {
        self.id = id
        self.name = name
        self.symbol = symbol
        self.marketCapRank = marketCapRank
        self.thumb = thumb
    }
}

/// The coins of a `/search` answer, read with bounds.
public enum CoinSearchBody {
    /// The most hits kept from one answer; the service sends a few dozen at most.
    public static let maximumHits = 250
    /// The longest coin id kept: a longer one is not a coin id.
    static let maximumIDLength = 200

    /// Reads the coins of `{"coins":[…],"exchanges":[],…}`: the other lists are ignored, a coin
    /// with no usable id is skipped, and at most ``maximumHits`` are kept, in the order sent.
    /// - Throws: ``CoinGeckoError/unexpectedBody(_:)`` when the body has no `coins` array.
    public static func hits(_ body: RawJSON) throws(CoinGeckoError) -> [CoinSearchHit] {
        let json = LiteralJSON(body)
        guard let coins = json["coins"]?.array else {
            throw .unexpectedBody("expected {\"coins\":[…]}, got \(body.text.prefix(79))")
        }
        var hits: [CoinSearchHit] = []
        var seen = Set<String>()
        for coin in coins where hits.count < maximumHits {
            guard let id = coin["id"]?.string, !id.isEmpty, id.utf8.count <= maximumIDLength,
                !id.contains(","), seen.insert(id).inserted
            else { continue }
            let rank = coin["market_cap_rank"]?.number?.int.flatMap { $0 > 0 ? $0 : nil }
            hits.append(
                CoinSearchHit(
                    id: id, name: coin["name"]?.string ?? id, symbol: coin["symbol"]?.string ?? "", marketCapRank: rank,
                    thumb: coin["thumb"]?.string))
        }
        return hits
    }
}
