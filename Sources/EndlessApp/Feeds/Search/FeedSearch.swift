import Endless
import EndlessCache
import EndlessFeedModel
import EndlessHTTP

/// How a feed is searched (`/` in the browser), declared on its ``FeedDefinition``: by its
/// service, as an endless feed of its own (``service(_:)``), or, for a service that cannot
/// search, by a filter over what the feed has loaded and its next pages (``filter(bound:_:)``).
/// Either way the results open under the same tab, and Esc returns to the feed where it was.
public struct FeedSearch<Settings: Sendable, Source: PageSource>: Sendable
where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
    /// Makes the results' tab for the words searched.
    let makeResults: @MainActor @Sendable (SearchParts<Settings, Source>) throws -> any BrowserTab

    /// Searched by the service: `tab` makes the results' parts (source, descriptor, rows,
    /// paging) for the words; their pages go through the page cache under the words.
    /// - Parameter tab: the results' parts, from the feed's settings, its endpoint and the words.
    public static func service<Results: PageSource>(
        _ tab: @escaping @MainActor @Sendable (Settings, FeedTabContext, SearchText) throws -> FeedTabParts<Results>
    ) -> FeedSearch where Results.Item: Codable & RawJSONRepresentable, Results.Key: Codable {
        FeedSearch { request in
            let parts = try tab(request.settings, request.context, request.text)
            var descriptor = parts.descriptor
            descriptor.emptyList = descriptor.nouns.noneFound(request.text, keys: request.environment.keys)
            let results = FeedTabParts(
                source: parts.source, descriptor: descriptor, rowStyle: parts.rowStyle, paging: parts.paging,
                cacheVariant: [parts.cacheVariant, "search=\(request.text.text)"].joined(separator: " "), live: parts.live)
            return request.environment.makeTab(
                request.kind, parts: results, explain: request.explain, endpoint: request.context.endpoint, policy: request.policy,
                keepsPosition: false)
        }
    }

    /// Searched by a filter: the items the feed has loaded that match, then its next pages,
    /// filtered, until `bound` items have been read; the status bar says how many were.
    /// - Parameters:
    ///   - bound: the most items one search reads.
    ///   - matches: whether an item matches the words (each word, lowercased, somewhere in it).
    public static func filter(
        bound: Int = 2000, _ matches: @escaping @Sendable (Source.Item, [String]) -> Bool
    ) -> FeedSearch {
        FeedSearch { request in
            let words = request.text.text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
            let base = request.base
            let feed = base.model.feed
            let loaded = Array(feed.items)
            let last = feed.page(containing: feed.items.endIndex - 1)
            let lastPage = last.flatMap { page in page.key.map { (key: $0, loadSize: page.loadSize) } }
            let filtering = FilteringPageSource(
                upstream: feed.source, loaded: loaded, lastPage: lastPage, bound: bound, matches: { matches($0, words) })
            let parts = request.parts
            let nouns = parts.descriptor.nouns
            let searched = parts.descriptor
            let descriptor = FeedDescriptor<Source.Item, FilteringPageSource<CachedPageSource<ExplainingSource<Source>>>.Key>(
                nouns: nouns, sourceLabel: "\(request.text.quoted) in \(searched.sourceLabel)", details: searched.details,
                fetchDetails: searched.fetchDetails, rowImage: searched.rowImage, sizedImageURL: searched.sizedImageURL,
                statusNote: {
                    let progress = filtering.progress
                    return "searched \(nouns.count(progress.read)): \(progress.found) found"
                },
                endOfList: { count in
                    let progress = filtering.progress
                    let scope = progress.reachedBound ? " (the most one search reads)" : ""
                    return "\(nouns.count(count)) found in \(nouns.count(progress.read)) searched\(scope)"
                }, emptyList: nouns.noneFound(request.text, keys: request.environment.keys))
            return request.environment.makeUncachedTab(
                request.kind, source: filtering, descriptor: descriptor, rowStyle: parts.rowStyle,
                paging: .keepingEveryPage(pageSize: parts.paging.pageSize), endpoint: request.context.endpoint)
        }
    }
}

/// What a feed's search is made with: the feed's settings and parts, its tab, and the words.
@MainActor
struct SearchParts<Settings: Sendable, Source: PageSource> where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
    let settings: Settings
    let context: FeedTabContext
    let parts: FeedTabParts<Source>
    let base: FeedTab<CachedPageSource<ExplainingSource<Source>>>
    let text: SearchText
    let environment: TabEnvironment
    let kind: FeedID
    let explain: @Sendable (any Error) -> (any Error)?
    let policy: CachePolicy
}

extension FeedPaging {
    /// Items a page.
    var pageSize: Int {
        switch self {
        case .adaptive(let size), .fixedAhead(let size, _), .keepingEveryPage(let size): size
        }
    }
}

extension Nouns {
    /// What a search's results say when it found nothing, naming the key back as `keys` binds
    /// it; long words are quoted cut (``SearchText/quoted``), so what to do next still shows.
    func noneFound(_ text: SearchText, keys: KeyRebinding) -> String {
        ["no \(plural) match \(text.quoted)", keys.backToTheList].compactMap { $0 }.joined(separator: " · ")
    }
}
