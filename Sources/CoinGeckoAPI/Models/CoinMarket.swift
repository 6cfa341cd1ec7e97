import Foundation

/// One coin of `/coins/markets`: its identity, price, market figures, supplies, records and,
/// when asked for, the change over several periods and a 7-day sparkline.
///
/// Every number is optional, as the service sends it: a fresh listing has a price and little
/// else. Numbers are ``LiteralJSON/Number``s, kept as sent (`19812345.0` stays `19812345.0`), so
/// nothing is rounded by reading it; use ``LiteralJSON/Number/decimal`` to format money and
/// ``LiteralJSON/Number/double`` to compute.
public struct CoinMarket: Identifiable, Sendable, Hashable {
    /// The API id, e.g. `bitcoin`: unique and stable, the key of every page.
    public let id: String
    /// The ticker, lower case as sent: `btc`.
    public let symbol: String
    public let name: String
    /// The icon's address as sent; see ``imageURL``.
    public let image: String?
    public let currentPrice: LiteralJSON.Number?
    public let marketCap: LiteralJSON.Number?
    /// 1 for the largest market cap; nil for coins without one.
    public let marketCapRank: Int?
    public let fullyDilutedValuation: LiteralJSON.Number?
    public let totalVolume: LiteralJSON.Number?
    public let high24h: LiteralJSON.Number?
    public let low24h: LiteralJSON.Number?
    public let priceChange24h: LiteralJSON.Number?
    public let priceChangePercentage24h: LiteralJSON.Number?
    public let marketCapChange24h: LiteralJSON.Number?
    public let marketCapChangePercentage24h: LiteralJSON.Number?
    public let circulatingSupply: LiteralJSON.Number?
    public let totalSupply: LiteralJSON.Number?
    public let maxSupply: LiteralJSON.Number?
    /// The all-time high, how far below it the price is (percent), and when it was.
    public let ath: LiteralJSON.Number?
    public let athChangePercentage: LiteralJSON.Number?
    public let athDate: CoinTimestamp?
    /// The all-time low, how far above it the price is (percent), and when it was.
    public let atl: LiteralJSON.Number?
    public let atlChangePercentage: LiteralJSON.Number?
    public let atlDate: CoinTimestamp?
    public let roi: CoinROI?
    public let lastUpdated: CoinTimestamp?
    /// `price_change_percentage_<period>_in_currency`, for the periods the response carried.
    public let priceChangePercentage: [PriceChangeWindow: LiteralJSON.Number]
    /// `sparkline_in_7d.price`: hourly prices over the last 7 days (168 of them), oldest first;
    /// nil when not asked for. Points the service sent as `null` are left out.
    public let sparkline7d: [Double]?

    /// Creates a market with only an identity; the rest is nil.
    /// - Parameters:
    ///   - id: the API id.
    ///   - symbol: the ticker.
    ///   - name: the name.
    public init(id: String, symbol: String, name: String) {
        self.init(id: id, symbol: symbol, name: name, fields: Fields())
    }

    /// Every field but the identity, for ``init(id:symbol:name:fields:)``.
    public struct Fields: Sendable, Hashable {
        public var image: String?
        public var currentPrice: LiteralJSON.Number?
        public var marketCap: LiteralJSON.Number?
        public var marketCapRank: Int?
        public var fullyDilutedValuation: LiteralJSON.Number?
        public var totalVolume: LiteralJSON.Number?
        public var high24h: LiteralJSON.Number?
        public var low24h: LiteralJSON.Number?
        public var priceChange24h: LiteralJSON.Number?
        public var priceChangePercentage24h: LiteralJSON.Number?
        public var marketCapChange24h: LiteralJSON.Number?
        public var marketCapChangePercentage24h: LiteralJSON.Number?
        public var circulatingSupply: LiteralJSON.Number?
        public var totalSupply: LiteralJSON.Number?
        public var maxSupply: LiteralJSON.Number?
        public var ath: LiteralJSON.Number?
        public var athChangePercentage: LiteralJSON.Number?
        public var athDate: CoinTimestamp?
        public var atl: LiteralJSON.Number?
        public var atlChangePercentage: LiteralJSON.Number?
        public var atlDate: CoinTimestamp?
        public var roi: CoinROI?
        public var lastUpdated: CoinTimestamp?
        public var priceChangePercentage: [PriceChangeWindow: LiteralJSON.Number] = [:]
        public var sparkline7d: [Double]?

        /// No fields.
        public init() {}
    }

    /// Creates a market.
    /// - Parameters:
    ///   - id: the API id.
    ///   - symbol: the ticker.
    ///   - name: the name.
    ///   - fields: everything else.
    public init(id: String, symbol: String, name: String, fields: Fields) {
        self.id = id
        self.symbol = symbol
        self.name = name
        image = fields.image
        currentPrice = fields.currentPrice
        marketCap = fields.marketCap
        marketCapRank = fields.marketCapRank
        fullyDilutedValuation = fields.fullyDilutedValuation
        totalVolume = fields.totalVolume
        high24h = fields.high24h
        low24h = fields.low24h
        priceChange24h = fields.priceChange24h
        priceChangePercentage24h = fields.priceChangePercentage24h
        marketCapChange24h = fields.marketCapChange24h
        marketCapChangePercentage24h = fields.marketCapChangePercentage24h
        circulatingSupply = fields.circulatingSupply
        totalSupply = fields.totalSupply
        maxSupply = fields.maxSupply
        ath = fields.ath
        athChangePercentage = fields.athChangePercentage
        athDate = fields.athDate
        atl = fields.atl
        atlChangePercentage = fields.atlChangePercentage
        atlDate = fields.atlDate
        roi = fields.roi
        lastUpdated = fields.lastUpdated
        priceChangePercentage = fields.priceChangePercentage
        sparkline7d = fields.sparkline7d
    }

    /// The change over `window` in percent: the `_in_currency` field when sent, else (for 24 h)
    /// `price_change_percentage_24h`.
    public func change(over window: PriceChangeWindow) -> LiteralJSON.Number? {
        priceChangePercentage[window] ?? (window == .day ? priceChangePercentage24h : nil)
    }

    /// The icon as an http(s) URL; nil when absent or not one.
    public var imageURL: URL? {
        guard let image, let url = URL(string: image), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}
