import Endless
import EndlessCache
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import Foundation

/// What every tab is built with: where its data comes from, the picture pipelines, how the
/// terminal draws pictures, and the paging settings every feed shares.
@MainActor
struct TabEnvironment {
    let connection: AppConnection
    /// Pictures served by the embedded simulator: memory only (a new port every run would only
    /// fill the disk).
    let simulatorImages: ImageStore?
    /// Pictures from real services: memory and disk.
    let remoteImages: ImageStore?
    let cells: ImageCells
    /// The least time between two refreshes.
    let refreshCooldown: Duration
    /// Items kept in memory per feed, or nil for all.
    let maxLoaded: Int?
    /// Whether each tab records which item it showed at which row (`--dump-state`).
    let tracksSeenItems: Bool
    /// The page cache every tab's pages go through (opened on first use).
    let cache: PageCache
    /// `--offline` (only the cache), `--no-cache` (neither read nor written), or both ways.
    let cacheMode: CacheMode
    /// Each feed's starred ids, for the ★ on their rows.
    let starMarkBook = StarMarkBook()

    /// Pages in flight at each end of a list, for sources whose keys are known in advance: a
    /// fast reader on a slow network (60 rows a second at 1 s) needs about four.
    static let concurrentAppends = 4

    /// How a tab pages: as its feed declares, with the shared refresh cooldown and memory bound
    /// (raised to five pages, so a screen never thrashes).
    func feedConfiguration(_ paging: FeedPaging) -> FeedConfiguration {
        switch paging {
        case .adaptive(let pageSize):
            FeedConfiguration(
                pageSize: pageSize, maxLoadedItems: maxLoaded.map { max($0, pageSize * 5) }, refreshCooldown: refreshCooldown,
                maxConcurrentAppends: Self.concurrentAppends, adaptivePrefetch: .standard)
        case .fixedAhead(let pageSize, let distance):
            FeedConfiguration(
                pageSize: pageSize, prefetchDistance: min(pageSize, distance), maxLoadedItems: maxLoaded.map { max($0, pageSize * 5) },
                refreshCooldown: refreshCooldown)
        case .keepingEveryPage(let pageSize):
            FeedConfiguration(pageSize: pageSize, refreshCooldown: refreshCooldown)
        }
    }

    /// Builds a feed's tab: the one path every feed takes. Its source's errors are explained in
    /// the app's terms, its pages go through the page cache, its feed opens where its list was
    /// left (when it keeps its place), then its view model and its tab are made.
    /// - Parameters:
    ///   - kind: the feed.
    ///   - parts: what its definition made from its settings: source, descriptor, rows, paging.
    ///   - explain: the app's account of the source's errors; nil leaves an error as it is.
    ///   - endpoint: where the source reads.
    ///   - policy: how long its pages stay fresh.
    ///   - keepsPosition: whether its place is saved at quit and opened on next time.
    func makeTab<Upstream: PageSource>(
        _ kind: FeedID, parts: FeedTabParts<Upstream>, explain: @escaping @Sendable (any Error) -> (any Error)?,
        endpoint: FeedEndpoint, policy: CachePolicy, keepsPosition: Bool
    ) -> any BrowserTab where Upstream.Item: Codable & RawJSONRepresentable, Upstream.Key: Codable {
        makeFeedTab(kind, parts: parts, explain: explain, endpoint: endpoint, policy: policy, keepsPosition: keepsPosition)
    }

    /// ``makeTab(_:parts:explain:endpoint:policy:keepsPosition:)``, as its own type, for a search
    /// that filters what it has loaded.
    func makeFeedTab<Upstream: PageSource>(
        _ kind: FeedID, parts: FeedTabParts<Upstream>, explain: @escaping @Sendable (any Error) -> (any Error)?,
        endpoint: FeedEndpoint, policy: CachePolicy, keepsPosition: Bool
    ) -> FeedTab<CachedPageSource<ExplainingSource<Upstream>>> where Upstream.Item: Codable & RawJSONRepresentable, Upstream.Key: Codable {
        let cached = cached(
            ExplainingSource(upstream: parts.source, explain: explain), as: kind, endpoint: endpoint, variant: parts.cacheVariant,
            policy: policy)
        let configuration = feedConfiguration(parts.paging)
        let (feed, reselecting) =
            keepsPosition ? self.feed(over: cached, configuration: configuration) : (Feed(source: cached, configuration: configuration), nil)
        let images = images(for: endpoint)
        let model = FeedViewModel(feed: feed, descriptor: parts.descriptor, images: images, reselecting: reselecting)
        if tracksSeenItems { model.trackSeenItems() }
        model.setLive(every: parts.live)
        let tab = FeedTab(kind: kind, model: model, style: parts.rowStyle, cells: cells, images: images, keepsPosition: keepsPosition)
        tab.starMarks = starMarks(for: kind)
        return tab
    }

    /// The ids of `kind`'s starred items, read from the page cache when a row first asks.
    func starMarks(for kind: FeedID) -> StarMarks {
        let cache = self.cache
        return starMarkBook.marks(for: kind.name) { Set(cache.starred(feed: kind.name).map(\.id)) }
    }

    /// A tab showing `items` (a feed's loaded items, in another order) as they look in the
    /// feed `parts` describe: one page, not cached, not refreshed from the network.
    /// - Parameters:
    ///   - ending: what the footer says before the count: `by price ↓`, `starred by you`.
    ///   - emptyList: what the list's area says with no items; the feed's words if nil.
    func makeSortedTab<Upstream: PageSource>(
        _ kind: FeedID, items: [Upstream.Item], like parts: FeedTabParts<Upstream>, ending: String, endpoint: FeedEndpoint,
        emptyList: String? = nil
    ) -> any BrowserTab {
        let like = parts.descriptor
        let descriptor = FeedDescriptor<Upstream.Item, Int>(
            nouns: like.nouns, sourceLabel: like.sourceLabel, details: like.details, fetchDetails: like.fetchDetails,
            rowImage: like.rowImage, sizedImageURL: like.sizedImageURL, statusNote: like.statusNote,
            endOfList: { count in "\(ending) · \(like.nouns.count(count))" }, emptyList: emptyList)
        return makeUncachedTab(
            kind, source: LoadedItemsSource(items: items), descriptor: descriptor, rowStyle: parts.rowStyle,
            paging: .keepingEveryPage(pageSize: max(1, items.count)), endpoint: endpoint)
    }

    /// A tab over `source` as it is, not through the page cache (its pages already come
    /// through it): a filter of what a feed loaded. It does not keep its place.
    func makeUncachedTab<Source: PageSource>(
        _ kind: FeedID, source: Source, descriptor: FeedDescriptor<Source.Item, Source.Key>, rowStyle: FeedRowStyle<Source.Item>,
        paging: FeedPaging, endpoint: FeedEndpoint
    ) -> any BrowserTab {
        let images = images(for: endpoint)
        let model = FeedViewModel(feed: Feed(source: source, configuration: feedConfiguration(paging)), descriptor: descriptor, images: images)
        if tracksSeenItems { model.trackSeenItems() }
        let tab = FeedTab(kind: kind, model: model, style: rowStyle, cells: cells, images: images, keepsPosition: false)
        tab.starMarks = starMarks(for: kind)
        return tab
    }

    /// `source` through the page cache, as feed `kind`: its pages open at once next time and stand
    /// in when the network fails. Pages keep each item as the service sent it
    /// (``RawJSONPageBodyCodec``), so what a feed shows offline is what it showed online.
    /// - Parameters:
    ///   - source: the feed's source.
    ///   - kind: the feed, which names its pages in the cache (`endless cache clear users`).
    ///   - endpoint: where the source reads; pages of the simulator and of a real API never mix.
    ///   - variant: what else changes a page (filters, fields).
    ///   - policy: how long the feed's pages stay fresh.
    func cached<Source: PageSource>(
        _ source: Source, as kind: FeedID, endpoint: FeedEndpoint, variant: String = "", policy: CachePolicy,
        codec: (any PageBodyCodec<Source.Item, Source.Key>)? = nil
    ) -> CachedPageSource<Source> where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
        // The simulator's port changes every run; its data does not (given the same lists).
        // Written to disk: no password or key in it (`--api http://u:pw@host/?client_id=…`).
        let written = SecretFree.words([endpoint.origin, simulatorDataVariant, variant].joined(separator: " "))
        return CachedPageSource(
            source, cache: cache, feed: kind.name, variant: written,
            policy: policy, mode: cacheMode, codec: codec)
    }

    /// A feed over `source` that opens where its list was left last time, with the item that
    /// was selected there: the saved page, if it was asked for with the size this feed asks
    /// for first (a page of another size is another page).
    /// - Parameters:
    ///   - source: the feed's pages, through the cache.
    ///   - configuration: the feed's paging.
    /// - Returns: the feed, and the selected item's id for ``FeedTab`` to select again.
    func feed<Upstream: PageSource>(
        over source: CachedPageSource<Upstream>, configuration: FeedConfiguration
    ) -> (feed: Feed<CachedPageSource<Upstream>>, restoring: String?) {
        guard let left = source.savedPosition, left.loadSize == configuration.initialLoadSize else {
            return (Feed(source: source, configuration: configuration), nil)
        }
        return (Feed(source: source, configuration: configuration, openingKey: left.pageKey), left.itemID)
    }

    /// Which lists the embedded simulator draws from (`--data-dir`), since they change its people.
    let simulatorDataVariant: String
    /// The keys the config file moved, for the messages a tab makes that name one (`Esc back
    /// to the list`).
    var keys = KeyRebinding.none

    /// The picture store for an endpoint: the simulator's or the real services'.
    func images(for endpoint: FeedEndpoint) -> ImageStore? {
        endpoint.isSimulator ? simulatorImages : remoteImages
    }
}
