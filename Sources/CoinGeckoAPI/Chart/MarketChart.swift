import EndlessHTTP
import Foundation

/// A coin's history as `/coins/{id}/market_chart` sends it: its prices, market caps and
/// traded volumes over the range asked, each a series of instants and values, oldest first.
public struct MarketChart: Sendable, Hashable {
    /// One point of a series: when, and the value then.
    public struct Point: Sendable, Hashable {
        /// The instant (the service sends milliseconds since 1970).
        public let date: Date
        /// The value: a price or market cap in the currency asked, or the volume traded.
        public let value: Double

        /// Creates a point.
        /// - Parameters:
        ///   - date: the instant.
        ///   - value: the value then.
        public init(date: Date, value: Double) {
            self.date = date
            self.value = value
        }
    }

    /// The prices, oldest first.
    public let prices: [Point]
    /// The market caps, oldest first (zero where the service knows none).
    public let marketCaps: [Point]
    /// The volumes traded, oldest first.
    public let totalVolumes: [Point]
    /// How many points of the three series were left out because they were not
    /// `[milliseconds, value]` with a plausible instant and a finite, non-negative value.
    public let skippedPoints: Int
    /// The answer exactly as the service sent it; nil for a chart made in code.
    public let body: RawJSON?

    /// Creates a chart.
    /// - Parameters:
    ///   - prices: the prices, oldest first.
    ///   - marketCaps: the market caps, oldest first.
    ///   - totalVolumes: the volumes traded, oldest first.
    ///   - skippedPoints: how many points sent were left out.
    ///   - body: the answer they were read from, if they were.
    public init(
        prices: [Point], marketCaps: [Point] = [], totalVolumes: [Point] = [], skippedPoints: Int = 0, body: RawJSON? = nil
    ) {
        self.body = body
        self.prices = prices
        self.marketCaps = marketCaps
        self.totalVolumes = totalVolumes
        self.skippedPoints = skippedPoints
    }
}
