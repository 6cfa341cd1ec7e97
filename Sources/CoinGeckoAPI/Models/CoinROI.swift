import EndlessHTTP

/// A coin's return on its initial offering, when it had one: `{"times":…,"currency":"usd",
/// "percentage":…}`, or `null` (most coins).
public struct CoinROI: Sendable, Hashable {
    /// How many times the offering price the coin is worth now.
    public let times: LiteralJSON.Number?
    /// The currency the offering was priced in, e.g. `usd`, `btc`, `eth`.
    public let currency: String?
    /// The return in percent.
    public let percentage: LiteralJSON.Number?

    /// Creates an ROI.
    /// - Parameters:
    ///   - times: the multiple.
    ///   - currency: the offering's currency.
    ///   - percentage: the return in percent.
    public init(times: LiteralJSON.Number?, currency: String?, percentage: LiteralJSON.Number?) {
        self.times = times
        self.currency = currency
        self.percentage = percentage
    }
}
