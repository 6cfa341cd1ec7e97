/// The periods `/coins/markets` reports price changes over, with `price_change_percentage=`:
/// each adds `price_change_percentage_<period>_in_currency` to every market.
public enum PriceChangeWindow: String, Sendable, Hashable, CaseIterable, Comparable {
    /// An hour: `1h`.
    case hour = "1h"
    /// A day: `24h`.
    case day = "24h"
    /// A week: `7d`.
    case week = "7d"
    /// Two weeks: `14d`.
    case twoWeeks = "14d"
    /// Thirty days: `30d`.
    case month = "30d"
    /// Two hundred days: `200d`.
    case twoHundredDays = "200d"
    /// A year: `1y`.
    case year = "1y"

    /// The key the change arrives under: `price_change_percentage_1h_in_currency`.
    public var fieldName: String { "price_change_percentage_\(rawValue)_in_currency" }

    /// Shortest first.
    public static func < (lhs: PriceChangeWindow, rhs: PriceChangeWindow) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
