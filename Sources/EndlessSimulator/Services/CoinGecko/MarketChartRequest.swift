/// What a `/coins/{id}/market_chart` request asks for, read the way the service reads it: a
/// required, known `vs_currency`, and `days` as a whole number of days (1 to
/// ``maximumDays``) or `max`.
struct MarketChartRequest: Sendable, Equatable {
    /// The most days one chart goes back (and what `max` means for a coin listed longer).
    static let maximumDays = 3650

    var currency: String
    /// The days asked for; nil for `max`.
    var days: Int?

    /// Why the service refuses a request: the `{"error":…}` message.
    enum Refusal: Error, Equatable {
        case missingCurrency
        case invalidCurrency
        case missingDays
        case invalidDays

        var message: String {
            switch self {
            case .missingCurrency: "Missing parameter vs_currency"
            case .invalidCurrency: "invalid vs_currency"
            case .missingDays: "Missing parameter days"
            case .invalidDays: "invalid days: a whole number from 1 to \(MarketChartRequest.maximumDays), or max"
            }
        }
    }

    init(_ parameters: QueryParameters, knowsCurrency: (String) -> Bool) throws(Refusal) {
        guard let currency = parameters.last("vs_currency")?.lowercased(), !currency.isEmpty else { throw .missingCurrency }
        guard knowsCurrency(currency) else { throw .invalidCurrency }
        self.currency = currency
        guard let text = parameters.last("days"), !text.isEmpty else { throw .missingDays }
        if text.lowercased() == "max" {
            days = nil
            return
        }
        guard let days = NumericParameter.integer(text, in: 1...Self.maximumDays).value else { throw .invalidDays }
        self.days = days
    }

    /// Seconds between points, as CoinGecko's automatic granularity has them: five minutes for
    /// one day, an hour for 2 to 90 days, a day above.
    static func step(days: Int) -> Double {
        days <= 1 ? 300 : days <= 90 ? 3600 : 86_400
    }
}
