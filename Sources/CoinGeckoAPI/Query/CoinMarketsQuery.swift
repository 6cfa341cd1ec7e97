import Foundation

/// What `/coins/markets` is asked for: the currency, the order, the page and its size, whether
/// to include the 7-day sparkline, and which price changes. Built valid or not at all: every
/// value is checked when it is set, so a query never sends what the service would refuse.
///
/// ```swift
/// var query = try CoinMarketsQuery(vsCurrency: "eur", perPage: 50)
/// query.sparkline = true
/// query.priceChangePercentage = [.hour, .day, .week]
/// let page = try await client.markets(query)
/// ```
public struct CoinMarketsQuery: Sendable, Hashable {
    /// The service's page sizes: 1 to 250.
    public static let perPageRange = 1...250
    /// The service's default page size.
    public static let defaultPerPage = 100
    /// US dollars.
    public static let defaultCurrency = "usd"

    /// The currency prices are in, lower case: `usd`.
    public private(set) var vsCurrency: String
    /// The sort.
    public var order: CoinMarketsOrder
    /// Coins per page, 1-250.
    public private(set) var perPage: Int
    /// The page, from 1.
    public private(set) var page: Int
    /// Whether each market carries `sparkline_in_7d`.
    public var sparkline: Bool
    /// The periods each market reports its change over (`price_change_percentage=1h,24h,7d`).
    public var priceChangePercentage: [PriceChangeWindow]
    /// `ids=`: only these coins (a watchlist, a search's hits); empty for the whole market.
    public var ids: [String] = []

    /// Creates a query.
    /// - Parameters:
    ///   - vsCurrency: a supported currency code, any case (see ``VsCurrency``).
    ///   - order: the sort.
    ///   - perPage: coins per page, 1-250.
    ///   - page: the page, from 1.
    ///   - sparkline: whether to include the 7-day sparkline.
    ///   - priceChangePercentage: the periods of change to include.
    /// - Throws: ``CoinGeckoError/invalidRequest(_:)`` naming the value out of range.
    public init(
        vsCurrency: String = defaultCurrency, order: CoinMarketsOrder = .marketCapDescending,
        perPage: Int = defaultPerPage, page: Int = 1, sparkline: Bool = false,
        priceChangePercentage: [PriceChangeWindow] = []
    ) throws(CoinGeckoError) {
        self.vsCurrency = try Self.checkedCurrency(vsCurrency)
        self.order = order
        self.perPage = try Self.checkedPerPage(perPage)
        self.page = try Self.checkedPage(page)
        self.sparkline = sparkline
        self.priceChangePercentage = priceChangePercentage
    }

    /// The same query for another page.
    /// - Parameter page: from 1.
    /// - Throws: ``CoinGeckoError/invalidRequest(_:)`` for a page below 1.
    public func with(page: Int) throws(CoinGeckoError) -> CoinMarketsQuery {
        var copy = self
        copy.page = try Self.checkedPage(page)
        return copy
    }

    /// The same query with another page size (and page).
    /// - Parameters:
    ///   - perPage: 1-250.
    ///   - page: from 1.
    /// - Throws: ``CoinGeckoError/invalidRequest(_:)`` for a value out of range.
    public func with(perPage: Int, page: Int) throws(CoinGeckoError) -> CoinMarketsQuery {
        var copy = self
        copy.perPage = try Self.checkedPerPage(perPage)
        copy.page = try Self.checkedPage(page)
        return copy
    }

    /// The query string's items, in the order the documentation lists them.
    public var queryItems: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "vs_currency", value: vsCurrency),
            URLQueryItem(name: "order", value: order.rawValue),
            URLQueryItem(name: "per_page", value: String(perPage)),
            URLQueryItem(name: "page", value: String(page)),
            URLQueryItem(name: "sparkline", value: sparkline ? "true" : "false"),
        ]
        if !ids.isEmpty { items.append(URLQueryItem(name: "ids", value: ids.joined(separator: ","))) }
        if !priceChangePercentage.isEmpty {
            items.append(
                URLQueryItem(
                    name: "price_change_percentage",
                    value: priceChangePercentage.sorted().map(\.rawValue).joined(separator: ",")))
        }
        return items
    }

    private static func checkedCurrency(_ code: String) throws(CoinGeckoError) -> String {
        let lowered = code.lowercased()
        guard VsCurrency.isSupported(lowered) else {
            throw .invalidRequest(
                "'\(code)' is not a currency CoinGecko prices in; use one of \(VsCurrency.supported.joined(separator: ", "))")
        }
        return lowered
    }

    private static func checkedPerPage(_ perPage: Int) throws(CoinGeckoError) -> Int {
        guard perPageRange.contains(perPage) else {
            throw .invalidRequest("\(perPage) coins per page is out of range \(perPageRange)")
        }
        return perPage
    }

    private static func checkedPage(_ page: Int) throws(CoinGeckoError) -> Int {
        guard page >= 1 else { throw .invalidRequest("page \(page) does not exist: pages start at 1") }
        return page
    }
}
