/// One answer of `/coins/markets`: what was asked, the markets decoded, and the same markets
/// as the JSON objects sent (for printing them exactly, unknown fields included).
public struct CoinMarketsPage: Sendable {
    /// The query that was sent.
    public let query: CoinMarketsQuery
    /// The markets, in the order sent.
    public let markets: [CoinMarket]
    /// Each market's object as sent, numbers as literals, in the same order.
    public let objects: [LiteralJSON.Object]

    /// Whether this is the last page: fewer markets than were asked for.
    public var isLast: Bool { markets.count < query.perPage }
}
