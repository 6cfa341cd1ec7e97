/// The feeds the app knows, one line each: a feed is its folder under `Feeds/` and its line
/// here. Tabs show in the order of their numbers; feeds not listed have no tab and their keys
/// do nothing.
enum FeedCatalog {
    static let all: [FeedDefinition] = [
        PeopleFeed.definition,
        PhotosFeed.definition,
        CoinsFeed.definition,
        UsersFeed.definition,
    ]

    /// The feed named `name` (`people`, `users`…), if the app has it.
    static func definition(named name: String) -> FeedDefinition? {
        all.first { $0.id.name == name }
    }
}
