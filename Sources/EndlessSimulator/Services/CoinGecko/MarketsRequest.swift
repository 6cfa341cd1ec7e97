/// What a `/coins/markets` request asks for, read the way the service reads it: a required,
/// known `vs_currency`, a known `order`, `per_page` clamped to 1-250, `page` from 1, the
/// sparkline, the price-change periods it knows (others ignored), and an optional `ids` filter.
struct MarketsRequest: Sendable, Equatable {
    static let defaultPerPage = 100
    static let maxPerPage = 250
    /// `price_change_percentage` periods, in seconds back.
    static let windows: [(name: String, seconds: Double)] = [
        ("1h", 3600), ("24h", 86_400), ("7d", 7 * 86_400), ("14d", 14 * 86_400), ("30d", 30 * 86_400),
        ("200d", 200 * 86_400), ("1y", 365 * 86_400),
    ]

    var currency: String
    var order: MarketOrder
    var perPage: Int
    var page: Int
    var sparkline: Bool
    /// The periods asked for, in the service's order.
    var windows: [String]
    var ids: Set<String>?

    /// Why the service refuses a request: the `{"error":…}` message.
    enum Refusal: Error, Equatable {
        case missingCurrency
        case invalidCurrency
        case invalidOrder

        var message: String {
            switch self {
            case .missingCurrency: "Missing parameter vs_currency"
            case .invalidCurrency: "invalid vs_currency"
            case .invalidOrder: "invalid order"
            }
        }
    }

    init(_ parameters: QueryParameters, knowsCurrency: (String) -> Bool) throws(Refusal) {
        guard let currency = parameters.last("vs_currency")?.lowercased(), !currency.isEmpty else {
            throw .missingCurrency
        }
        guard knowsCurrency(currency) else { throw .invalidCurrency }
        self.currency = currency
        if let text = parameters.last("order"), !text.isEmpty {
            guard let order = MarketOrder(rawValue: text) else { throw .invalidOrder }
            self.order = order
        } else {
            order = .marketCapDescending
        }
        perPage = parameters.integer("per_page", in: 1...Self.maxPerPage).clamped(default: Self.defaultPerPage)
        page = parameters.integer("page", in: 1...NumericParameter.maximumPage).clamped(default: 1)
        sparkline = parameters.last("sparkline")?.lowercased() == "true"
        let asked = Set(
            (parameters.all("price_change_percentage") ?? []).flatMap { $0.split(separator: ",") }
                .map { $0.trimmingSpaces().lowercased() })
        windows = Self.windows.map(\.name).filter(asked.contains)
        if let list = parameters.last("ids"), !list.isEmpty {
            ids = Set(list.split(separator: ",").map { $0.trimmingSpaces().lowercased() })
        }
    }
}
