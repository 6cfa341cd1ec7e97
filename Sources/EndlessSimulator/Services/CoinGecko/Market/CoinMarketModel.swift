import Foundation

/// The simulated market at any instant: each coin's price (its ``PriceWalk``), market cap and
/// volume, the ranking by market cap, and the history a response needs (a week of hourly
/// prices, the price some periods ago).
///
/// Everything is a function of the catalogue and the instant, so two requests at the same
/// instant agree, and requests a few seconds apart see prices (and ranks) that moved.
struct CoinMarketModel: Sendable {
    let catalog: CoinCatalog

    init(catalog: CoinCatalog = .standard) {
        self.catalog = catalog
    }

    /// A coin's price in dollars at `seconds` since 1970.
    func price(_ coin: SimulatedCoin, at seconds: Double) -> Double {
        coin.basePrice * exp(PriceWalk.logOffset(seed: coin.seed, at: seconds, volatility: coin.volatility))
    }

    /// A coin's dollar prices at several instants (a sparkline's), computed together.
    func prices(_ coin: SimulatedCoin, at instants: [Double]) -> [Double] {
        PriceWalk.logOffsets(seed: coin.seed, at: instants, volatility: coin.volatility).map { coin.basePrice * exp($0) }
    }

    /// A coin's market cap at `seconds`, or nil for a fresh listing (no verified supply).
    func marketCap(_ coin: SimulatedCoin, at seconds: Double) -> Double? {
        coin.isFresh ? nil : price(coin, at: seconds) * coin.circulatingSupply
    }

    /// The dollar volume of the last day at `seconds`: the turnover, breathing with the day.
    func volume(_ coin: SimulatedCoin, at seconds: Double) -> Double {
        let cap = coin.isFresh ? 50_000 * Double(coin.hoursListed) : price(coin, at: seconds) * coin.circulatingSupply
        let breathing = exp(0.3 * PriceWalk.point(seed: coin.seed ^ 0x5A5A, scale: 0, lattice: Int64(seconds / 3600)))
        return cap * coin.turnover * breathing
    }

    /// The market at one instant.
    struct Snapshot: Sendable {
        let seconds: Double
        /// Dollar price of each catalogue coin, by catalogue index.
        let prices: [Double]
        /// Market cap by catalogue index; nil for fresh listings.
        let caps: [Double?]
        /// Catalogue indices by market cap, largest first, fresh listings last (by id).
        let byMarketCap: [Int]
        /// Market cap rank by catalogue index (1 for the largest); nil for fresh listings.
        let ranks: [Int?]
    }

    /// The market at `seconds` since 1970.
    func snapshot(at seconds: Double) -> Snapshot {
        let coins = catalog.coins
        let prices = coins.map { price($0, at: seconds) }
        let caps = coins.indices.map { coins[$0].isFresh ? nil : prices[$0] * coins[$0].circulatingSupply }
        let order = coins.indices.sorted { a, b in
            switch (caps[a], caps[b]) {
            case let (x?, y?): return x != y ? x > y : coins[a].id < coins[b].id
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return coins[a].id < coins[b].id
            }
        }
        var ranks = [Int?](repeating: nil, count: coins.count)
        for (position, index) in order.enumerated() where caps[index] != nil { ranks[index] = position + 1 }
        return Snapshot(seconds: seconds, prices: prices, caps: caps, byMarketCap: order, ranks: ranks)
    }

    /// The order a `/coins/markets` request asks for, as catalogue indices.
    func order(_ order: MarketOrder, in snapshot: Snapshot) -> [Int] {
        let coins = catalog.coins
        switch order {
        case .marketCapDescending: return snapshot.byMarketCap
        case .marketCapAscending:
            // Ascending puts the smallest caps first; coins without one stay last, as on the service.
            let ranked = snapshot.byMarketCap.filter { snapshot.caps[$0] != nil }
            return ranked.reversed() + snapshot.byMarketCap.filter { snapshot.caps[$0] == nil }
        case .volumeDescending, .volumeAscending:
            let volumes = coins.map { volume($0, at: snapshot.seconds) }
            let sorted = coins.indices.sorted { volumes[$0] != volumes[$1] ? volumes[$0] > volumes[$1] : coins[$0].id < coins[$1].id }
            return order == .volumeDescending ? sorted : sorted.reversed()
        case .idAscending: return coins.indices.sorted { coins[$0].id < coins[$1].id }
        case .idDescending: return coins.indices.sorted { coins[$0].id > coins[$1].id }
        }
    }

    /// How many dollars one unit of `currency` is worth at `seconds`, for the currencies the
    /// service prices in; nil for an unknown code.
    func dollars(perUnitOf currency: String, at seconds: Double) -> Double? {
        switch currency {
        case "usd": return 1
        case "btc", "eth", "xrp", "bnb":
            let id = ["btc": "bitcoin", "eth": "ethereum", "xrp": "ripple", "bnb": "binancecoin"][currency] ?? ""
            return catalog.byID[id].map { price(catalog.coins[$0], at: seconds) }
        case "bits": return dollars(perUnitOf: "btc", at: seconds).map { $0 / 1_000_000 }
        case "sats": return dollars(perUnitOf: "btc", at: seconds).map { $0 / 100_000_000 }
        default: return Self.fixedRates[currency].map { 1 / $0 }
        }
    }

    /// Units of each currency a dollar buys: a fixed table, near the real rates.
    static let fixedRates: [String: Double] = [
        "aed": 3.6725, "ars": 1030, "aud": 1.61, "bdt": 121.5, "bhd": 0.376, "bmd": 1, "brl": 6.05, "cad": 1.44,
        "chf": 0.91, "clp": 985, "cny": 7.31, "czk": 24.3, "dkk": 7.18, "eur": 0.962, "gbp": 0.81, "gel": 2.85,
        "hkd": 7.78, "huf": 395, "idr": 16_350, "ils": 3.56, "inr": 86.4, "jpy": 155.2, "krw": 1_458, "kwd": 0.308,
        "lkr": 296, "mmk": 2_098, "mxn": 20.6, "myr": 4.5, "ngn": 1_550, "nok": 11.4, "nzd": 1.78, "php": 58.6,
        "pkr": 279, "pln": 4.1, "rub": 101, "sar": 3.75, "sek": 11.1, "sgd": 1.37, "thb": 34.4, "try": 35.6,
        "twd": 32.9, "uah": 42.1, "vef": 5_200_000, "vnd": 25_400, "zar": 18.8, "xdr": 0.765, "xag": 0.033,
        "xau": 0.00037, "ltc": 0.0095, "bch": 0.0023, "eos": 1.25, "xlm": 2.2, "link": 0.045, "dot": 0.14, "yfi": 0.00011,
    ]
}

/// The orders `/coins/markets` takes.
enum MarketOrder: String, Sendable, CaseIterable {
    case marketCapDescending = "market_cap_desc"
    case marketCapAscending = "market_cap_asc"
    case volumeDescending = "volume_desc"
    case volumeAscending = "volume_asc"
    case idAscending = "id_asc"
    case idDescending = "id_desc"
}
