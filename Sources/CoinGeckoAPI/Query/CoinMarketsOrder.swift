/// How `/coins/markets` sorts: by market cap (the default), volume or id, either way.
public enum CoinMarketsOrder: String, Sendable, Hashable, CaseIterable {
    case marketCapDescending = "market_cap_desc"
    case marketCapAscending = "market_cap_asc"
    case volumeDescending = "volume_desc"
    case volumeAscending = "volume_asc"
    case idAscending = "id_asc"
    case idDescending = "id_desc"
}
