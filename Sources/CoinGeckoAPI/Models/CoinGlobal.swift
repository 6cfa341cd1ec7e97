import EndlessHTTP

/// The whole market, from `/global`: how many coins and markets, the total market cap and
/// volume per currency, and each large coin's share of the total.
public struct CoinGlobal: Sendable, Hashable {
    /// `active_cryptocurrencies`: coins the service lists.
    public let activeCryptocurrencies: Int?
    /// `markets`: exchanges it follows.
    public let markets: Int?
    /// By currency code: `usd`, `eur`, `btc`…
    public let totalMarketCap: [String: LiteralJSON.Number]
    /// Traded in the last 24 hours, by currency code.
    public let totalVolume: [String: LiteralJSON.Number]
    /// Percent of the total market cap, by coin symbol: `btc`, `eth`…
    public let marketCapPercentage: [String: LiteralJSON.Number]
    /// How the total market cap (in dollars) changed in 24 hours, in percent.
    public let marketCapChangePercentage24hUSD: LiteralJSON.Number?
    /// Seconds since 1970 at the figures' last update.
    public let updatedAt: Int?

    /// Reads `/global`'s body, `{"data":{…}}`.
    /// - Parameter json: the whole body.
    /// - Throws: ``CoinMarketDecodingError`` when there is no `data` object.
    public init(json: LiteralJSON) throws(CoinMarketDecodingError) {
        guard let data = json["data"]?.object else {
            throw CoinMarketDecodingError(field: "data", reason: "/global answers {\"data\":{…}}")
        }
        func numbers(_ key: String) -> [String: LiteralJSON.Number] {
            var result: [String: LiteralJSON.Number] = [:]
            for member in data[key]?.object?.members ?? [] {
                if let number = CoinMarket.number(member.value) { result[member.key] = number }
            }
            return result
        }
        activeCryptocurrencies = CoinMarket.number(data["active_cryptocurrencies"])?.int
        markets = CoinMarket.number(data["markets"])?.int
        totalMarketCap = numbers("total_market_cap")
        totalVolume = numbers("total_volume")
        marketCapPercentage = numbers("market_cap_percentage")
        marketCapChangePercentage24hUSD = CoinMarket.number(data["market_cap_change_percentage_24h_usd"])
        updatedAt = CoinMarket.number(data["updated_at"])?.int
    }
}
