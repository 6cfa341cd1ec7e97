import Foundation

/// The simulated market's coins, drawn once from a seed: the ten that lead the real market,
/// then made-up coins whose market caps fall off as the real ones do (Zipf-like, with noise so
/// neighbours sit close together), and at the end a few fresh listings.
struct CoinCatalog: Sendable {
    /// How many coins the simulated market lists by default.
    static let defaultCount = 2000
    /// How many of them are fresh listings, at the end.
    static let freshCount = 20
    /// The largest market cap, in dollars (the leader's at its base price).
    static let leaderCap = 1.9e12

    /// The default market, drawn once per process.
    static let standard = CoinCatalog()

    let coins: [SimulatedCoin]
    /// The catalogue by id.
    let byID: [String: Int]

    /// Draws the catalogue.
    /// - Parameters:
    ///   - count: coins, at least the leaders plus the fresh listings.
    ///   - seed: what every draw follows from.
    init(count: Int = defaultCount, seed: UInt64 = ChaosRandom.hash(Array("endless-coingecko".utf8))) {
        var random = ChaosRandom(seed: seed)
        var coins: [SimulatedCoin] = []
        var taken = Set<String>()
        let total = max(count, Self.leaders.count + Self.freshCount + 1)
        for number in 1...total {
            let coinSeed = random.next()
            let isFresh = number > total - Self.freshCount
            let identity: (id: String, symbol: String, name: String, hue: Double)
            if number <= Self.leaders.count {
                let leader = Self.leaders[number - 1]
                identity = (leader.id, leader.symbol, leader.name, leader.hue)
            } else {
                identity = Self.invent(number: number, random: &random, taken: taken)
            }
            taken.insert(identity.id)
            let leader = number <= Self.leaders.count ? Self.leaders[number - 1] : nil
            // Zipf-like caps with ±25 % noise: rank 1000 is about 1.6e6 dollars below rank 999.
            let cap = Self.leaderCap * pow(Double(number), -1.55) * (0.75 + 0.5 * random.unit())
            let supply = leader?.supply ?? Self.supply(&random)
            let volatility = leader?.volatility ?? (0.02 + 0.07 * random.unit())
            let drawnMax: Double? = random.unit() < 0.45 ? supply * (1 + 3 * random.unit()) : nil
            let maxSupply = leader.map(\.maxSupply) ?? drawnMax
            let totalSupply: Double? = maxSupply.map { min($0, supply * (1 + random.unit() * 0.2)) } ?? (random.unit() < 0.6 ? supply : nil)
            let listedAt = 1_230_768_000 + random.unit() * (1_700_000_000 - 1_230_768_000)
            let highAt = listedAt + random.unit() * (1_730_000_000 - listedAt)
            let lowAt = listedAt + random.unit() * (highAt - listedAt)
            coins.append(
                SimulatedCoin(
                    number: number, id: identity.id, symbol: identity.symbol, name: identity.name, hue: identity.hue,
                    basePrice: leader?.price ?? cap / supply,
                    circulatingSupply: supply, totalSupply: totalSupply, maxSupply: maxSupply, volatility: volatility,
                    turnover: 0.01 + 0.2 * random.unit() * random.unit(), seed: coinSeed, isFresh: isFresh,
                    hoursListed: 2 + Int(random.next() % 70), listedAt: listedAt,
                    historicHigh: (1.1 + 2.5 * random.unit(), highAt), historicLow: (0.002 + 0.3 * random.unit(), lowAt),
                    offering: random.unit() < 0.1 ? (0.001 + 0.5 * random.unit(), ["usd", "btc", "eth"][Int(random.next() % 3)]) : nil))
        }
        self.coins = coins
        byID = Dictionary(coins.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// A circulating supply: from a million to a quadrillion, whole or not.
    private static func supply(_ random: inout ChaosRandom) -> Double {
        let supply = pow(10, 6 + 9 * random.unit())
        return random.unit() < 0.5 ? supply.rounded() : (supply * 10_000).rounded() / 10_000
    }

    /// A made-up coin with a unique id.
    private static func invent(
        number: Int, random: inout ChaosRandom, taken: Set<String>
    ) -> (id: String, symbol: String, name: String, hue: Double) {
        while true {
            let stem = pick(prefixes, &random) + pick(middles, &random) + pick(endings, &random)
            let stemName = stem.prefix(1).uppercased() + stem.dropFirst()
            var name = stemName
            if random.unit() < 0.3 { name += " " + pick(words, &random) }
            // A few names as the live list has them: not ASCII.
            if number % 397 == 0 { name = pick(foreignNames, &random) }
            let id = Self.slug(name)
            guard !id.isEmpty, !taken.contains(id) else { continue }
            let letters = stem.filter(\.isLetter)
            let symbol = String(letters.prefix(3 + Int(random.next() % 2))).lowercased()
            return (id, symbol.isEmpty ? "coin" : symbol, name, random.unit())
        }
    }

    private static func pick(_ list: [String], _ random: inout ChaosRandom) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }

    /// `Kavex Protocol` → `kavex-protocol`; non-ASCII names get their number's hex.
    static func slug(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.count < 3 { slug += String(ChaosRandom.hash(Array(name.utf8)) % 0xFFFF, radix: 16) }
        return slug
    }

    /// The market's leaders, as they stand on the real service.
    static let leaders:
        [(id: String, symbol: String, name: String, price: Double, supply: Double, maxSupply: Double?, volatility: Double, hue: Double)] = [
            ("bitcoin", "btc", "Bitcoin", 96_000, 19_812_345, 21_000_000, 0.025, 0.09),
            ("ethereum", "eth", "Ethereum", 3_400, 120_451_234.5678, nil, 0.035, 0.68),
            ("tether", "usdt", "Tether", 1, 140_234_567_890.12, nil, 0.0004, 0.45),
            ("ripple", "xrp", "XRP", 2.4, 57_512_345_678, 100_000_000_000, 0.05, 0.58),
            ("binancecoin", "bnb", "BNB", 680, 144_012_345.25, 200_000_000, 0.03, 0.13),
            ("solana", "sol", "Solana", 190, 482_345_678.9, nil, 0.05, 0.78),
            ("usd-coin", "usdc", "USDC", 1, 45_123_456_789.5, nil, 0.0003, 0.6),
            ("dogecoin", "doge", "Dogecoin", 0.33, 147_512_345_678, nil, 0.06, 0.12),
            ("cardano", "ada", "Cardano", 0.95, 35_123_456_789, 45_000_000_000, 0.05, 0.62),
            ("tron", "trx", "TRON", 0.25, 86_123_456_789, nil, 0.03, 0.0),
        ]

    private static let prefixes = [
        "aer", "arc", "bit", "bril", "cel", "cry", "dex", "dra", "ember", "flux", "fin", "gal", "glim", "halo", "hex",
        "ion", "jet", "kav", "kin", "lum", "lyr", "mer", "mon", "neo", "nim", "nov", "omni", "orb", "pax", "pyr", "qua",
        "rad", "rex", "sol", "syn", "tera", "tor", "ult", "uni", "vex", "vol", "wav", "wyn", "xen", "yield", "zen", "zor",
    ]
    private static let middles = ["", "a", "o", "i", "e", "u", "ar", "en", "or", "ix", "yl", "an"]
    private static let endings = [
        "chain", "coin", "ium", "ex", "fi", "swap", "x", "net", "verse", "pad", "dao", "ly", "ra", "on", "is", "ta", "go",
    ]
    private static let words = ["Protocol", "Network", "Finance", "Token", "AI", "Inu", "Labs", "Bridge", "Cash", "Gold"]
    private static let foreignNames = ["猫币 Neko", "Kōban Token", "Ünïcoin", "Дракон", "ドラゴン Coin", "Élan Finance"]
}
