import Endless
import EndlessCache
import EndlessFeedModel
import EndlessHTTP

/// How a feed shows its starred items (`F` in the browser), declared on its ``FeedDefinition``.
/// Without one, they are shown as they were when starred (the JSON the service sent, kept in
/// the page cache's file); ``live(_:)`` loads them again by their ids, for items whose worth
/// is now (a watchlist of coins with live prices).
public struct FeedStarred<Settings: Sendable>: Sendable {
    let makeLive: @MainActor @Sendable (Settings, FeedTabContext, [String], TabEnvironment, FeedID, CachePolicy) throws -> any BrowserTab

    /// Starred items loaded again: `tab` makes the parts of a list of the items with these ids.
    public static func live<Results: PageSource>(
        _ tab: @escaping @MainActor @Sendable (Settings, FeedTabContext, [String]) throws -> FeedTabParts<Results>
    ) -> FeedStarred where Results.Item: Codable & RawJSONRepresentable, Results.Key: Codable {
        FeedStarred { settings, context, ids, environment, kind, policy in
            let parts = try tab(settings, context, ids)
            var descriptor = parts.descriptor
            descriptor.emptyList = descriptor.nouns.noneStarred(keys: environment.keys)
            let starred = FeedTabParts(
                source: parts.source, descriptor: descriptor, rowStyle: parts.rowStyle, paging: parts.paging,
                cacheVariant: [parts.cacheVariant, "starred"].joined(separator: " "), live: parts.live)
            return environment.makeTab(kind, parts: starred, explain: { _ in nil }, endpoint: context.endpoint, policy: policy, keepsPosition: false)
        }
    }
}

extension Nouns {
    /// What the starred list (`F`) says while nothing is starred, naming the keys as `keys`
    /// binds them (and no key an action lost).
    func noneStarred(keys: KeyRebinding) -> String {
        let star = keys.key(for: .toggleStar, standard: "*").map { ": \($0) stars the one selected" } ?? ""
        return ["no starred \(plural) yet\(star)", keys.backToTheList].compactMap { $0 }.joined(separator: " · ")
    }
}
