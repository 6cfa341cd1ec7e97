/// One coin of the simulated market: who it is and the fixed facts its prices grow from.
/// Prices themselves are computed per instant (``CoinMarketModel``).
struct SimulatedCoin: Sendable {
    /// Its place in the catalogue, from 1: the number in its icon's path, as on CoinGecko.
    let number: Int
    let id: String
    /// Lower case, as the API sends it.
    let symbol: String
    let name: String
    /// The icon's hue, 0..<1.
    let hue: Double
    /// The price where the walk's offset is zero, in US dollars.
    let basePrice: Double
    let circulatingSupply: Double
    let totalSupply: Double?
    let maxSupply: Double?
    /// Daily volatility of the log price.
    let volatility: Double
    /// Volume traded in a day, as a share of the market cap.
    let turnover: Double
    /// The walk's seed.
    let seed: UInt64
    /// A coin listed a few hours ago: a price and a volume, nearly everything else null.
    let isFresh: Bool
    /// For a fresh listing, how long ago it was listed, in hours.
    let hoursListed: Int
    /// Seconds since 1970 of its listing (not fresh coins).
    let listedAt: Double
    /// The all-time high and low before the last week, as multiples of the base price, and when.
    let historicHigh: (multiple: Double, at: Double)
    let historicLow: (multiple: Double, at: Double)
    /// The offering price, as a multiple of the base price, and its currency, for the coins that had one.
    let offering: (multiple: Double, currency: String)?
}
