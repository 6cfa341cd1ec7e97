/// How `/coins/markets` sorts: by market cap (the default), volume or id, either way.
public enum CoinMarketsOrder: String, Sendable, Hashable, CaseIterable {
    /// The largest market cap first (the service's default).
    case marketCapDescending = "market_cap_desc"
    /// The smallest market cap first.
    case marketCapAscending = "market_cap_asc"
    /// The most traded first.
    case volumeDescending = "volume_desc"
    /// The least traded first.
    case volumeAscending = "volume_asc"
    /// By id, a to z.
    case idAscending = "id_asc"
    /// By id, z to a.
    case idDescending = "id_desc"
}
