/// How far back `/coins/{id}/market_chart` goes: the ranges a chart switches between. The
/// service picks the spacing of the points from it: five minutes for a day, an hour up to 90
/// days, a day beyond.
public enum MarketChartRange: Sendable, Hashable, CaseIterable {
    /// The last 24 hours (`days=1`).
    case oneDay
    /// The last week (`days=7`): what a market's 7-day sparkline already shows.
    case sevenDays
    /// The last 30 days (`days=30`).
    case thirtyDays
    /// The last year (`days=365`).
    case oneYear
    /// Everything since the coin was listed (`days=max`).
    case max

    /// The days asked for; nil for ``max``.
    public var days: Int? {
        switch self {
        case .oneDay: 1
        case .sevenDays: 7
        case .thirtyDays: 30
        case .oneYear: 365
        case .max: nil
        }
    }

    /// The value of the `days` query item: `1`, `7`, `30`, `365` or `max`.
    public var queryValue: String { days.map(String.init) ?? "max" }

    /// A short label for a chart's title: `24 h`, `7 d`, `30 d`, `1 y`, `max`.
    public var label: String {
        switch self {
        case .oneDay: "24 h"
        case .sevenDays: "7 d"
        case .thirtyDays: "30 d"
        case .oneYear: "1 y"
        case .max: "max"
        }
    }
}
