/// The feeds the browser can show, each on its own tab. The numbers are the keys that select
/// them and stay fixed as feeds arrive: `1` people, `2` photos, `3` coins, `4` users.
public enum FeedKind: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// randomuser.me: an endless list of people.
    case people = 1
    /// Unsplash: photos.
    case photos = 2
    /// CoinGecko: a market board.
    case coins = 3
    /// reqres.in: a short list of users.
    case users = 4

    /// The word that names the tab and selects it on the command line (`endless users`).
    public var name: String {
        switch self {
        case .people: "people"
        case .photos: "photos"
        case .coins: "coins"
        case .users: "users"
        }
    }

    /// The key that selects the tab: `"1"` … `"4"`.
    public var keyLabel: String { String(rawValue) }

    /// The feed named `name` (`people`, `users`…), if there is one.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    public static func < (lhs: FeedKind, rhs: FeedKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
