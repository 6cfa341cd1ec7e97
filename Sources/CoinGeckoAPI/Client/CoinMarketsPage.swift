import EndlessHTTP

/// One answer of `/coins/markets`: what was asked, and the markets, each keeping its object
/// as sent (``CoinMarket/rawJSON``: number literals, fields this client does not know).
public struct CoinMarketsPage: Sendable {
    /// The query that was sent.
    public let query: CoinMarketsQuery
    /// The markets, in the order sent.
    public let markets: [CoinMarket]
    /// The body as sent (see ``rawJSON``); nil for a page made in code.
    let sentJSON: RawJSON?

    /// Creates a page.
    /// - Parameters:
    ///   - query: the query that was sent.
    ///   - markets: the markets, in order.
    ///   - body: the body they were read from, if they were.
    public init(query: CoinMarketsQuery, markets: [CoinMarket], body: RawJSON? = nil) {
        self.query = query
        self.markets = markets
        sentJSON = body
    }

    /// The body exactly as the service sent it, the array of market objects; for a page made
    /// in code, the markets' ``CoinMarket/rawJSON`` in an array.
    public var rawJSON: RawJSON { sentJSON ?? RawJSON(array: markets.map(\.rawJSON)) }

    /// Whether this is the last page: fewer markets than were asked for.
    public var isLast: Bool { markets.count < query.perPage }
}
