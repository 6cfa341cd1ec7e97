/// The feeds the app knows, one line each: a feed is its folder under `Feeds/` and its line
/// here. Tabs show in the order of their numbers; feeds not listed have no tab and their keys
/// do nothing.
enum FeedCatalog {
    // The catalogue is constant: metatypes of stateless enums, never mutated.
    nonisolated(unsafe) static let all: [any FeedPlugin.Type] = [
        PeopleFeed.self,
        PhotosFeed.self,
        CoinsFeed.self,
        UsersFeed.self,
    ]

    /// The feed named `name` (`people`, `users`…), if the app has it.
    static func plugin(named name: String) -> (any FeedPlugin.Type)? {
        all.first { $0.kind.name == name }
    }
}
