/// The periods `/coins/markets` reports price changes over, with `price_change_percentage=`:
/// each adds `price_change_percentage_<period>_in_currency` to every market.
public enum PriceChangeWindow: String, Sendable, Hashable, CaseIterable, Comparable {
    case hour = "1h"
    case day = "24h"
    case week = "7d"
    case twoWeeks = "14d"
    case month = "30d"
    case twoHundredDays = "200d"
    case year = "1y"

    /// The key the change arrives under: `price_change_percentage_1h_in_currency`.
    public var fieldName: String { "price_change_percentage_\(rawValue)_in_currency" }

    /// Shortest first.
    public static func < (lhs: PriceChangeWindow, rhs: PriceChangeWindow) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
