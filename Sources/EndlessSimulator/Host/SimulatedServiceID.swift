/// The services the simulator runs, to ask for their API roots.
public enum SimulatedServiceID: String, Sendable, CaseIterable {
    /// randomuser.me, at `/api/`.
    case randomUser
    /// reqres.in, at `/reqres/api/`.
    case reqres
    /// Unsplash, at `/unsplash/` (its API root; images under `/unsplash/images/`).
    case unsplash
    /// CoinGecko, at `/coingecko/api/v3/`.
    case coinGecko

    /// The API root's path, without the leading slash: `api/`, `reqres/api/`.
    var apiPath: String {
        switch self {
        case .randomUser: "api/"
        case .reqres: "reqres/api/"
        case .unsplash: "unsplash/"
        case .coinGecko: "coingecko/api/v3/"
        }
    }
}
