import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import Foundation

/// A feed the app can browse and fetch: everything that differs between people, users, photos
/// and coins. The browser, the loop, the paging engine, the HTTP client and the image pipeline
/// are shared and know no feed.
///
/// Adding a feed is one folder under `Feeds/` and one line in ``FeedCatalog/all``.
protocol FeedPlugin {
    /// What its browse flags read into.
    associatedtype Settings: FeedSettings

    /// Its tab.
    static var kind: FeedID { get }
    /// The simulator service that stands in for its API.
    static var service: SimulatedServiceID { get }
    /// The live API's root, for help texts: `https://reqres.in/api/`.
    static var liveAPI: String { get }
    /// One line for `endless <feed> --help` and the commands list.
    static var abstract: String { get }
    /// The flags `endless` (browse) takes for this feed; names unique across feeds.
    static var browseOptions: [OptionDeclaration] { get }
    /// `endless fetch <feed>`.
    static var fetchCommand: Subcommand { get }

    /// Reads this feed's browse flags.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - api: its API root (`--<feed>-api`, or `--api` when the browser opens on it); nil for
    ///     the simulator.
    ///   - environment: where keys given by variable are read (`UNSPLASH_ACCESS_KEY`).
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> Settings
}

extension FeedPlugin {
    /// `--users-api`: this feed's own API flag in the browser.
    static var apiOption: Option<URL?> {
        Option(
            "\(kind.name)-api", placeholder: "URL",
            help: "Where the \(kind.name) tab's data comes from, e.g. \(liveAPI) (default: the embedded simulator).",
            parser: ValueParsers.httpURL)
    }
}

/// A feed's browse settings, read from the command line: enough to build its tab.
protocol FeedSettings: Sendable {
    /// The API root given on the command line; nil for the embedded simulator.
    var api: URL? { get }
    /// Builds the tab.
    /// - Parameter environment: the connection, pictures and shared paging settings.
    /// - Throws: an error that says what is wrong with the settings.
    @MainActor func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab
    /// Prints the first page as `endless fetch <feed>` would, for when output is not a terminal.
    /// - Returns: the exit status.
    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32
}

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
    ///   - source: its page source.
    ///   - explain: the app's account of the source's errors; nil leaves an error as it is.
    ///   - endpoint: where the source reads.
    ///   - cacheVariant: what else changes a page (filters, fields).
    ///   - policy: how long its pages stay fresh.
    ///   - paging: how it pages.
    ///   - descriptor: what it tells the view model about its items.
    ///   - style: how its rows look.
    ///   - keepsPosition: whether its place is saved at quit and opened on next time.
    ///   - live: how often it refreshes itself; nil for only when asked.
    func makeTab<Upstream: PageSource>(
        _ kind: FeedID, source: Upstream, explain: @escaping @Sendable (any Error) -> (any Error)? = { _ in nil },
        endpoint: FeedEndpoint, cacheVariant: String = "", policy: CachePolicy, paging: FeedPaging,
        descriptor: FeedDescriptor<Upstream.Item, Upstream.Key>, style: FeedRowStyle<Upstream.Item>, keepsPosition: Bool = true,
        live: Duration? = nil
    ) -> any BrowserTab where Upstream.Item: Codable & RawJSONRepresentable, Upstream.Key: Codable {
        let cached = cached(ExplainingSource(upstream: source, explain: explain), as: kind, endpoint: endpoint, variant: cacheVariant, policy: policy)
        let configuration = feedConfiguration(paging)
        let (feed, reselecting) =
            keepsPosition ? self.feed(over: cached, configuration: configuration) : (Feed(source: cached, configuration: configuration), nil)
        let images = images(for: endpoint)
        let model = FeedViewModel(feed: feed, descriptor: descriptor, images: images, reselecting: reselecting)
        if tracksSeenItems { model.trackSeenItems() }
        model.setLive(every: live)
        return FeedTab(kind: kind, model: model, style: style, cells: cells, images: images, keepsPosition: keepsPosition)
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

    /// The picture store for an endpoint: the simulator's or the real services'.
    func images(for endpoint: FeedEndpoint) -> ImageStore? {
        endpoint.isSimulator ? simulatorImages : remoteImages
    }
}
