import Foundation

/// A coin's price as a reproducible random walk in real time: the log price is a sum of
/// smooth noise at periods from two months down to ten seconds, each drawn from the coin's seed
/// and the instant alone. So the price at any instant costs a few hashes (no history to
/// replay), the same instant gives the same price in every run, and prices move while a
/// person watches: enough at the shortest periods that neighbours in the ranking change
/// places within a minute, as deep in CoinGecko's list they do.
enum PriceWalk {
    /// Each scale's period in seconds and its amplitude, relative to the coin's daily
    /// volatility: amplitude grows as period^0.4, a little faster at short periods than a pure
    /// random walk's square root, as trading noise does.
    static let scales: [(period: Double, amplitude: Double)] = periods.map { period in (period, pow(period / 86_400, 0.4)) }

    /// Two months, two weeks, three days, a day, six hours, an hour, ten minutes, a minute, ten seconds.
    static let periods: [Double] = [5_184_000, 1_209_600, 259_200, 86_400, 21_600, 3600, 600, 60, 10]

    /// The log-price offset of a coin at an instant.
    /// - Parameters:
    ///   - seed: the coin's seed.
    ///   - seconds: the instant, in seconds since 1970.
    ///   - volatility: the coin's daily volatility (0.04 for 4 %).
    /// - Returns: the natural logarithm of price ÷ base price.
    static func logOffset(seed: UInt64, at seconds: Double, volatility: Double) -> Double {
        var sum = 0.0
        for (index, scale) in scales.enumerated() {
            let position = seconds / scale.period
            let cell = position.rounded(.down)
            let fraction = position - cell
            let lattice = Int64(cell)
            let a = point(seed: seed, scale: index, lattice: lattice)
            let b = point(seed: seed, scale: index, lattice: lattice &+ 1)
            let eased = fraction * fraction * (3 - 2 * fraction)
            sum += (a + (b - a) * eased) * scale.amplitude
        }
        return sum * volatility
    }

    /// A uniform draw in -1...1 for one lattice point of one scale.
    static func point(seed: UInt64, scale: Int, lattice: Int64) -> Double {
        var random = ChaosRandom(
            seed: seed ^ (UInt64(scale + 1) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(bitPattern: lattice) &* 0xC2B2_AE3D_27D4_EB4F))
        return random.unit() * 2 - 1
    }
}
