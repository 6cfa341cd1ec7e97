import EndlessHTTP
import Foundation

/// One coin of `/coins/markets`: its identity, price, market figures, supplies, records and,
/// when asked for, the change over several periods and a 7-day sparkline.
///
/// Every number is optional, as the service sends it: a fresh listing has a price and little
/// else. Numbers are `LiteralJSON.Number`s, kept as sent (`19812345.0` stays `19812345.0`), so
/// nothing is rounded by reading it; use `LiteralJSON.Number.decimal` to format money and
/// `LiteralJSON.Number.double` to compute.
public struct CoinMarket: Identifiable, Sendable, Hashable {
    /// The API id, e.g. `bitcoin`: unique and stable, the key of every page.
    public let id: String
    /// The ticker, lower case as sent: `btc`.
    public let symbol: String
    /// The name, e.g. `Bitcoin`.
    public let name: String
    /// The icon's address as sent; see ``imageURL``.
    public let image: String?
    /// `current_price`, in the query's currency.
    public let currentPrice: LiteralJSON.Number?
    /// `market_cap`: price × circulating supply; beyond Int32 for the large coins.
    public let marketCap: LiteralJSON.Number?
    /// 1 for the largest market cap; nil for coins without one.
    public let marketCapRank: Int?
    /// `fully_diluted_valuation`: price × max (or total) supply.
    public let fullyDilutedValuation: LiteralJSON.Number?
    /// `total_volume`: traded in the last 24 hours.
    public let totalVolume: LiteralJSON.Number?
    /// `high_24h`: the highest price of the last 24 hours.
    public let high24h: LiteralJSON.Number?
    /// `low_24h`: the lowest price of the last 24 hours.
    public let low24h: LiteralJSON.Number?
    /// `price_change_24h`: the price now less the price a day ago.
    public let priceChange24h: LiteralJSON.Number?
    /// `price_change_percentage_24h`: the same, in percent.
    public let priceChangePercentage24h: LiteralJSON.Number?
    /// `market_cap_change_24h`: the market cap now less a day ago.
    public let marketCapChange24h: LiteralJSON.Number?
    /// `market_cap_change_percentage_24h`: the same, in percent.
    public let marketCapChangePercentage24h: LiteralJSON.Number?
    /// `circulating_supply`: coins in circulation (a float, as sent).
    public let circulatingSupply: LiteralJSON.Number?
    /// `total_supply`: coins that exist.
    public let totalSupply: LiteralJSON.Number?
    /// `max_supply`: coins that can ever exist; nil for no cap.
    public let maxSupply: LiteralJSON.Number?
    /// The all-time high, how far below it the price is (percent), and when it was.
    public let ath: LiteralJSON.Number?
    /// `ath_change_percentage`: how far the price is from the high, in percent.
    public let athChangePercentage: LiteralJSON.Number?
    /// `ath_date`: when the high was.
    public let athDate: CoinTimestamp?
    /// The all-time low, how far above it the price is (percent), and when it was.
    public let atl: LiteralJSON.Number?
    /// `atl_change_percentage`: how far the price is from the low, in percent.
    public let atlChangePercentage: LiteralJSON.Number?
    /// `atl_date`: when the low was.
    public let atlDate: CoinTimestamp?
    /// `roi`: the return on its offering, for coins that had one.
    public let roi: CoinROI?
    /// `last_updated`: when the service last priced it.
    public let lastUpdated: CoinTimestamp?
    /// `price_change_percentage_<period>_in_currency`, for the periods the response carried.
    public let priceChangePercentage: [PriceChangeWindow: LiteralJSON.Number]
    /// `sparkline_in_7d.price`: hourly prices over the last 7 days (168 of them), oldest first;
    /// nil when not asked for. Points the service sent as `null` are left out.
    public let sparkline7d: [Double]?
    /// The market's object as the service sent it (see ``rawJSON``); nil for one made in code.
    var sentJSON: RawJSON?

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
        /// See ``CoinMarket/image``.
        public var image: String?
        /// See ``CoinMarket/currentPrice``.
        public var currentPrice: LiteralJSON.Number?
        /// See ``CoinMarket/marketCap``.
        public var marketCap: LiteralJSON.Number?
        /// See ``CoinMarket/marketCapRank``.
        public var marketCapRank: Int?
        /// See ``CoinMarket/fullyDilutedValuation``.
        public var fullyDilutedValuation: LiteralJSON.Number?
        /// See ``CoinMarket/totalVolume``.
        public var totalVolume: LiteralJSON.Number?
        /// See ``CoinMarket/high24h``.
        public var high24h: LiteralJSON.Number?
        /// See ``CoinMarket/low24h``.
        public var low24h: LiteralJSON.Number?
        /// See ``CoinMarket/priceChange24h``.
        public var priceChange24h: LiteralJSON.Number?
        /// See ``CoinMarket/priceChangePercentage24h``.
        public var priceChangePercentage24h: LiteralJSON.Number?
        /// See ``CoinMarket/marketCapChange24h``.
        public var marketCapChange24h: LiteralJSON.Number?
        /// See ``CoinMarket/marketCapChangePercentage24h``.
        public var marketCapChangePercentage24h: LiteralJSON.Number?
        /// See ``CoinMarket/circulatingSupply``.
        public var circulatingSupply: LiteralJSON.Number?
        /// See ``CoinMarket/totalSupply``.
        public var totalSupply: LiteralJSON.Number?
        /// See ``CoinMarket/maxSupply``.
        public var maxSupply: LiteralJSON.Number?
        /// See ``CoinMarket/ath``.
        public var ath: LiteralJSON.Number?
        /// See ``CoinMarket/athChangePercentage``.
        public var athChangePercentage: LiteralJSON.Number?
        /// See ``CoinMarket/athDate``.
        public var athDate: CoinTimestamp?
        /// See ``CoinMarket/atl``.
        public var atl: LiteralJSON.Number?
        /// See ``CoinMarket/atlChangePercentage``.
        public var atlChangePercentage: LiteralJSON.Number?
        /// See ``CoinMarket/atlDate``.
        public var atlDate: CoinTimestamp?
        /// See ``CoinMarket/roi``.
        public var roi: CoinROI?
        /// See ``CoinMarket/lastUpdated``.
        public var lastUpdated: CoinTimestamp?
        /// See ``CoinMarket/priceChangePercentage``.
        public var priceChangePercentage: [PriceChangeWindow: LiteralJSON.Number] = [:]
        /// See ``CoinMarket/sparkline7d``.
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
