import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessSimulator
import Foundation

/// A feed the app can browse (and fetch), declared as one value: everything that differs
/// between one feed and another. The browser, the loop, the paging engine, the page cache, the
/// HTTP client and the image pipeline are shared and know no feed.
///
/// A feed reads its flags into settings of its own type, and from those settings and the
/// endpoint it is given makes its tab's parts (``FeedTabParts``): its page source, what the
/// view model is told about its items, how its rows look, how it pages. Adding a feed to the
/// app is one folder under `Feeds/` and one line in the app's catalogue; a program of its own
/// browses any list of definitions with ``FeedBrowser``.
///
/// ```swift
/// let numbers = FeedDefinition(
///     id: FeedID(name: "numbers", number: 1), abstract: "Browse the whole numbers.",
///     settings: { _, _, _ in },
///     tab: { _, context in
///         FeedTabParts(
///             source: NumberSource(),
///             descriptor: FeedDescriptor(
///                 nouns: Nouns("number", "numbers"), sourceLabel: "counting",
///                 details: { number, _ in number.details }),
///             rowStyle: FeedRowStyle(height: { _ in 1 }, placeholderHeight: 1) { number, row, frame in
///                 frame.write("\(row.isSelected ? ">" : " ") \(number.id)", at: Point(x: row.rect.x, y: row.rect.y))
///             },
///             paging: .adaptive(pageSize: 20))
///     })
/// ```
///
/// `EndlessPluginTests` declares such a feed and browses it on the in-memory terminal.
public struct FeedDefinition: Sendable {
    /// Its tab: the word that names it and the number key that selects it.
    public let id: FeedID
    /// One line for `endless <feed> --help` and the commands list.
    let abstract: String
    /// The live API's root, for help texts (`https://reqres.in/api/`); nil when it has none.
    let liveAPI: String?
    /// The flags the browser takes for this feed, besides its API flag (names unique across feeds).
    let flags: [OptionDeclaration]
    /// The simulator service that stands in for its API when none is given; nil when the feed
    /// needs no network (its source makes its pages itself).
    let service: SimulatedService?
    /// `endless fetch <feed>`, if it has one.
    let fetchCommand: Subcommand?
    /// Worked examples for `endless <feed> --help`.
    let examples: [CommandDeclaration.Example]
    /// Reads its flags and makes the tab's recipe.
    let readSettings: @Sendable (ParsedArguments, URL?, [String: String]) throws(UsageError) -> FeedSettings

    /// Declares a feed.
    /// - Parameters:
    ///   - id: its tab: name and number key, unique among the feeds browsed together.
    ///   - abstract: one line for help texts.
    ///   - service: the embedded simulator's service that stands in for its API; nil for a feed
    ///     that needs no network.
    ///   - liveAPI: the live API's root, shown in the help of its `--<name>-api` flag.
    ///   - flags: its own browse flags, read by `settings`.
    ///   - fetch: `endless fetch <name>`; nil for none.
    ///   - examples: worked examples for `endless <name> --help`.
    ///   - cachePolicy: how long its pages stay fresh in the page cache.
    ///   - keepsPosition: whether its place is saved at quit and opened on next time (a live
    ///     ranking, or pages that name no page before them, should not).
    ///   - explain: the app's account of its source's errors (which flag gives a key); nil
    ///     leaves an error as it is. An error it returns should adopt `RequestFailure` and
    ///     forward the kind of the one it wraps: the status bar says `offline` for an error that
    ///     does not say how its request failed.
    ///   - settings: reads its flags: the command line, its API root (`--<name>-api`, or `--api`
    ///     when the browser opens on it; nil for the simulator), and the process environment.
    ///     Throws a ``UsageError`` naming the flag whose value is wrong.
    ///   - tab: makes its tab's parts from its settings, on the endpoint it is given. Throws an
    ///     error that says what is wrong with the settings.
    ///   - search: how `/` searches it; nil for not at all.
    ///   - sorting: the orders `o` shows it in; nil for only the one its settings give.
    ///   - starred: how `F` shows its starred items; nil shows them as they were when starred.
    ///   - links: its items' web pages (`O`) and what `y` copies of them; nil for neither.
    ///   - charts: the ranges its details chart switches between (`[`, `]`); nil for none.
    ///   - downloads: what `d` downloads of its items; nil for nothing.
    ///   - printFirstPage: prints its first page as `endless fetch` would, for a browser whose
    ///     output is not a terminal; nil says there is nothing to print.
    public init<Settings: Sendable, Source: PageSource>(
        id: FeedID, abstract: String, service: SimulatedService? = nil, liveAPI: String? = nil,
        flags: [OptionDeclaration] = [], fetch: Subcommand? = nil, examples: [CommandDeclaration.Example] = [],
        cachePolicy: CachePolicy = .neverStale,
        keepsPosition: Bool = true, explain: @escaping @Sendable (any Error) -> (any Error)? = { _ in nil },
        settings: @escaping @Sendable (ParsedArguments, URL?, [String: String]) throws(UsageError) -> Settings,
        tab: @escaping @MainActor @Sendable (Settings, FeedTabContext) throws -> FeedTabParts<Source>,
        search: FeedSearch<Settings, Source>? = nil, sorting: FeedSorting<Settings, Source>? = nil,
        starred: FeedStarred<Settings>? = nil, links: FeedLinks<Source.Item>? = nil,
        charts: FeedCharts<Settings, Source.Item>? = nil,
        downloads: FeedDownloads<Settings, Source.Item>? = nil,
        printFirstPage: (@Sendable (Settings, FeedEndpoint, CommandOutput) async -> Int32)? = nil
    ) where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
        self.id = id
        self.abstract = abstract
        self.service = service
        self.liveAPI = liveAPI
        self.flags = flags
        self.fetchCommand = fetch
        self.examples = examples
        readSettings = { parsed, api, environment throws(UsageError) in
            let read = try settings(parsed, api, environment)
            return FeedSettings(
                kind: id, api: api, needsSimulator: api == nil && service != nil,
                makeTab: { environment in
                    let endpoint = environment.connection.endpoint(api: api, service: service)
                    let context = FeedTabContext(endpoint: endpoint, cellAspect: environment.cells.cellAspect)
                    let parts = try tab(read, context)
                    let base = environment.makeFeedTab(
                        id, parts: parts, explain: explain, endpoint: endpoint, policy: cachePolicy, keepsPosition: keepsPosition)
                    return SearchingTab.over(
                        base,
                        TabRecipe(
                            settings: read, context: context, parts: parts, environment: environment, kind: id, explain: explain,
                            policy: cachePolicy, tab: tab),
                        search: search, sorting: sorting, starred: starred, links: links, charts: charts, downloads: downloads)
                },
                printFirstPage: { connection, output in
                    guard let printFirstPage else {
                        output.standardError("endless: the \(id.name) feed has nothing to print\n")
                        return ExitCode.failure.rawValue
                    }
                    return await printFirstPage(read, connection.endpoint(api: api, service: service), output)
                })
        }
    }

    /// `--users-api`: this feed's own API flag in the browser.
    var apiOption: Option<URL?> {
        let example = liveAPI.map { ", e.g. \($0)" } ?? ""
        return Option(
            "\(id.name)-api", placeholder: "URL",
            help: "Where the \(id.name) tab's data comes from\(example) (default: the embedded simulator).",
            parser: ValueParsers.httpURL)
    }

    /// Every flag the browser takes for this feed: its API flag, then its own.
    var browseOptions: [OptionDeclaration] { [apiOption.declaration] + flags }

    /// `--users-per-page`: the flag among its own that sizes its pages, named as every feed
    /// names it, which the browser's `--per-page` stands for when the browser opens on it.
    var perPageOption: OptionDeclaration? {
        flags.first { $0.name == "\(id.name)-per-page" }
    }
}

/// What a feed's tab is made with besides its settings.
public struct FeedTabContext: Sendable {
    /// Where its requests go: the API given, or the embedded simulator's service.
    public let endpoint: FeedEndpoint
    /// A cell's height over its width on this terminal (about 2), for rows sized to a picture.
    public let cellAspect: Double
}

/// What a feed's tab is made of: made by its ``FeedDefinition`` from its settings, then put
/// together by the browser (errors explained, pages through the cache, the view model, the tab).
@MainActor
public struct FeedTabParts<Source: PageSource> {
    /// Where its pages come from.
    let source: Source
    /// What the view model is told about its items: nouns, details, pictures, notes.
    let descriptor: FeedDescriptor<Source.Item, Source.Key>
    /// How its rows look.
    let rowStyle: FeedRowStyle<Source.Item>
    /// How it pages.
    let paging: FeedPaging
    /// What else changes a page in the cache (filters, fields); empty when nothing does.
    let cacheVariant: String
    /// How often the tab refreshes itself; nil for only when asked.
    let live: Duration?

    /// Gathers a tab's parts.
    /// - Parameters:
    ///   - source: its page source.
    ///   - descriptor: what the view model is told about its items.
    ///   - rowStyle: how its rows look.
    ///   - paging: how it pages.
    ///   - cacheVariant: what else changes a page in the cache.
    ///   - live: how often it refreshes itself; nil for only when asked.
    public init(
        source: Source, descriptor: FeedDescriptor<Source.Item, Source.Key>, rowStyle: FeedRowStyle<Source.Item>,
        paging: FeedPaging, cacheVariant: String = "", live: Duration? = nil
    ) {
        self.source = source
        self.descriptor = descriptor
        self.rowStyle = rowStyle
        self.paging = paging
        self.cacheVariant = cacheVariant
        self.live = live
    }
}

/// A feed's settings as the browser holds them, once read from the command line: its API, and
/// how to make its tab or print its first page.
struct FeedSettings: Sendable {
    let kind: FeedID
    /// The API root given on the command line; nil for the embedded simulator (or none).
    let api: URL?
    /// Whether the embedded simulator must run for it.
    let needsSimulator: Bool
    /// Builds the tab; its error says what is wrong with the settings.
    let makeTab: @MainActor @Sendable (TabEnvironment) throws -> any BrowserTab
    /// Prints the first page as `endless fetch <feed>` would, for when output is not a terminal;
    /// returns the exit status.
    let printFirstPage: @Sendable (AppConnection, CommandOutput) async -> Int32
}

/// The settings a tab's list is shown with now (its order may have changed them).
@MainActor
final class ShownSettings<Settings: Sendable> {
    var value: Settings

    init(_ value: Settings) {
        self.value = value
    }
}

/// What a feed's tab was made of, to make its search results and its other orders alike.
@MainActor
struct TabRecipe<Settings: Sendable, Source: PageSource> where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
    let settings: Settings
    let context: FeedTabContext
    let parts: FeedTabParts<Source>
    let environment: TabEnvironment
    let kind: FeedID
    let explain: @Sendable (any Error) -> (any Error)?
    let policy: CachePolicy
    let tab: @MainActor @Sendable (Settings, FeedTabContext) throws -> FeedTabParts<Source>
}

extension SearchingTab {
    /// The feed's tab `base`, searched and sorted as its definition declares.
    static func over<Settings: Sendable, Source: PageSource>(
        _ base: FeedTab<CachedPageSource<ExplainingSource<Source>>>, _ recipe: TabRecipe<Settings, Source>,
        search: FeedSearch<Settings, Source>?, sorting: FeedSorting<Settings, Source>?, starred: FeedStarred<Settings>?,
        links: FeedLinks<Source.Item>?, charts: FeedCharts<Settings, Source.Item>? = nil,
        downloads: FeedDownloads<Settings, Source.Item>? = nil
    ) -> SearchingTab {
        let orders = sorting?.others(than: recipe.settings) ?? []
        // The settings the list is shown with now: a search follows the order chosen.
        let shown = ShownSettings(recipe.settings)
        var makeResults: (@MainActor (SearchText) throws -> any BrowserTab)?
        if let search {
            makeResults = { text in
                try search.makeResults(
                    SearchParts(
                        settings: shown.value, context: recipe.context, parts: recipe.parts, base: base, text: text,
                        environment: recipe.environment, kind: recipe.kind, explain: recipe.explain, policy: recipe.policy))
            }
        }
        let tab = SearchingTab(base: base, sortLabels: orders.map(\.label), keys: recipe.environment.keys, makeResults: makeResults) { index in
            guard let index else {
                shown.value = recipe.settings
                return nil
            }
            return try sortedTab(orders[index], base: base, recipe: recipe, shown: shown)
        }
        if let links {
            // The item shown selected, read again from the JSON it was sent as (results and
            // starred lists hold the same items).
            var pageOfJSON: (@MainActor (RawJSON) -> URL?)?
            if let page = links.page {
                pageOfJSON = { json in (try? Source.Item(rawJSON: json)).flatMap(page) }
            }
            tab.links = Links(
                page: pageOfJSON,
                copy: { json in (try? Source.Item(rawJSON: json)).flatMap(links.copy) }, copies: links.copies)
        }
        if let charts {
            // The item whose details are open, read again from the JSON it was sent as; an
            // error explained as the list's are.
            let settings = recipe.settings
            let context = recipe.context
            let explain = recipe.explain
            tab.chartRanges = ChartRanges(labels: charts.ranges, opening: charts.opening) { json, range in
                do {
                    return try await charts.load(settings, context, try Source.Item(rawJSON: json), range)
                } catch {
                    throw explain(error) ?? error
                }
            }
        }
        if let downloads {
            // A simulator's address in a page cached by an earlier run names that run's port.
            let resolve = recipe.context.endpoint.isSimulator ? recipe.environment.connection.simulatorURLResolver : nil
            // With the settings shown now (the key a service is told with).
            tab.download = { json in
                guard let item = try? Source.Item(rawJSON: json), var download = downloads.download(shown.value, recipe.context, item) else {
                    return nil
                }
                if let resolve { download.url = resolve(download.url) }
                return download
            }
        }
        let cache = recipe.environment.cache
        let feed = recipe.kind.name
        let marks = recipe.environment.starMarks(for: recipe.kind)
        tab.favourites = Favourites(
            toggle: { id, json in
                if cache.isStarred(id: id, feed: feed) {
                    cache.unstar(id: id, feed: feed)
                    marks.mark(id, starred: false)
                    return false
                }
                let starred = cache.star(id: id, json: json.bytes, feed: feed)
                marks.mark(id, starred: starred)
                return starred
            },
            makeTab: {
                let kept = cache.starred(feed: feed)
                if let starred {
                    return try starred.makeLive(
                        shown.value, recipe.context, kept.map(\.id), recipe.environment, recipe.kind, recipe.policy)
                }
                // As they were when starred: each item read from the JSON kept.
                let items = kept.compactMap { try? Source.Item(rawJSON: RawJSON(parsing: $0.json)) }
                return recipe.environment.makeSortedTab(
                    recipe.kind, items: items, like: recipe.parts, ending: "starred by you", endpoint: recipe.context.endpoint,
                    emptyList: recipe.parts.descriptor.nouns.noneStarred(keys: recipe.environment.keys))
            })
        return tab
    }

    /// The feed in `order`: asked of the service again, or its loaded items sorted.
    private static func sortedTab<Settings: Sendable, Source: PageSource>(
        _ order: FeedSort<Settings, Source>, base: FeedTab<CachedPageSource<ExplainingSource<Source>>>,
        recipe: TabRecipe<Settings, Source>, shown: ShownSettings<Settings>
    ) throws -> (label: String, tab: any BrowserTab) {
        let endpoint = recipe.context.endpoint
        switch order.way {
        case .service(let apply):
            var settings = recipe.settings
            apply(&settings)
            shown.value = settings
            let parts = try recipe.tab(settings, recipe.context)
            let tab = recipe.environment.makeTab(
                recipe.kind, parts: parts, explain: recipe.explain, endpoint: endpoint, policy: recipe.policy, keepsPosition: false)
            return (order.label, tab)
        case .loaded(let areInOrder):
            shown.value = recipe.settings
            let items = Array(base.model.feed.items).sorted(by: areInOrder)
            let label = "\(order.label) (the \(recipe.parts.descriptor.nouns.count(items.count)) loaded)"
            return (label, recipe.environment.makeSortedTab(recipe.kind, items: items, like: recipe.parts, ending: "by \(label)", endpoint: endpoint))
        }
    }
}
