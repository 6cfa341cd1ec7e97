import CoinGeckoAPI
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import Foundation

/// The coins feed: CoinGecko's market board, as the SwiftUI CoinGecko tutorial builds it, with
/// its rate-limited pull to refresh (the spinner at least 0.5 s, one network refresh in 3 s),
/// prices that refresh in place, and an optional live mode.
enum CoinsFeed {
    /// The coins feed, as the browser and `endless fetch` know it. Every page is kept: pages of
    /// a live ranking cannot be reloaded as they were, and the market is a few thousand coins.
    /// The cooldown and the 0.5 s spinner are the seed's. The board opens on the top of the
    /// market as it ranks now: a place in an older ranking means little (and its pages name no
    /// page before them to scroll up to).
    static let definition = FeedDefinition(
        id: .coins, abstract: "Browse CoinGecko's market board: prices, changes, 7-day sparklines and icons.", service: service,
        liveAPI: liveAPI,
        flags: [Options.vsCurrency.declaration, Options.coinsPerPage.declaration, Options.demoKey.declaration, Options.live.declaration],
        fetch: FetchCoinsCommand.subcommand,
        examples: [
            .init(command: "endless coins --live", explanation: "The market board, refreshing itself every 30 s."),
            .init(command: "endless coins --vs-currency eur --per-page 100", explanation: "Prices in euros, a hundred coins a page."),
            .init(
                command: "endless coins --api https://api.coingecko.com/api/v3/ --demo-key KEY",
                explanation: "The live CoinGecko, with a demo key for its kinder rate limit."),
        ],
        cachePolicy: cachePolicy, keepsPosition: false, explain: explain,
        settings: { parsed, api, environment throws(UsageError) in try settings(from: parsed, api: api, environment: environment) },
        tab: { settings, context in
            let client = CoinGeckoClient(http: context.endpoint.http, demoKey: settings.demoKey)
            return FeedTabParts(
                source: CoinMarketsPageSource(
                    client: client, query: try query(currency: settings.vsCurrency, perPage: settings.perPage, order: settings.order)),
                descriptor: descriptor(sourceLabel: context.endpoint.label, currency: settings.vsCurrency),
                rowStyle: CoinRow.style(currency: settings.vsCurrency), paging: .keepingEveryPage(pageSize: settings.perPage),
                cacheVariant: "vs_currency=\(settings.vsCurrency) per_page=\(settings.perPage) order=\(settings.order.rawValue)",
                live: settings.live)
        },
        search: .service { settings, context, text in
            let client = CoinGeckoClient(http: context.endpoint.http, demoKey: settings.demoKey)
            var descriptor = descriptor(
                sourceLabel: "\(text.quoted) in \(context.endpoint.label)", currency: settings.vsCurrency,
                describeKey: { (page: Int) in PageLabel(page: page) })
            descriptor.endOfList = { count in "\(Nouns("coin", "coins").count(count)) found for \(text.quoted)" }
            // What is found comes in the board's order (CoinSearchPageSource), and the header
            // names it as the board's does when it is not the largest first.
            if settings.order != .marketCapDescending { descriptor.order = label(of: settings.order) }
            return FeedTabParts(
                source: CoinSearchPageSource(
                    client: client, search: text,
                    query: try query(currency: settings.vsCurrency, perPage: settings.perPage, order: settings.order)),
                descriptor: descriptor, rowStyle: CoinRow.style(currency: settings.vsCurrency),
                paging: .keepingEveryPage(pageSize: settings.perPage),
                cacheVariant: "vs_currency=\(settings.vsCurrency) per_page=\(settings.perPage) order=\(settings.order.rawValue)")
        },
        sorting: sorting,
        // Starred coins are a watchlist: their prices now, by their ids.
        starred: .live { settings, context, ids in
            let client = CoinGeckoClient(http: context.endpoint.http, demoKey: settings.demoKey)
            var descriptor = descriptor(
                sourceLabel: context.endpoint.label, currency: settings.vsCurrency, describeKey: { (page: Int) in PageLabel(page: page) })
            descriptor.endOfList = { count in "your watchlist · \(Nouns("coin", "coins").count(count))" }
            return FeedTabParts(
                source: CoinSearchPageSource(
                    client: client, ids: ids, query: try query(currency: settings.vsCurrency, perPage: settings.perPage)),
                descriptor: descriptor, rowStyle: CoinRow.style(currency: settings.vsCurrency),
                paging: .keepingEveryPage(pageSize: settings.perPage),
                cacheVariant: "vs_currency=\(settings.vsCurrency) ids=\(ids.joined(separator: ","))")
        },
        links: FeedLinks(page: pageURL, copies: "link", copy: { coin in pageURL(coin).map { ("link", $0.absoluteString) } }),
        // The details open on the week the board's sparkline already gives; `[` and `]` ask
        // market_chart for the others.
        charts: FeedCharts(
            ranges: MarketChartRange.allCases.map(\.label), opening: MarketChartRange.allCases.firstIndex(of: .sevenDays) ?? 0
        ) { settings, context, coin, index in
            let range = MarketChartRange.allCases[min(max(0, index), MarketChartRange.allCases.count - 1)]
            let client = CoinGeckoClient(http: context.endpoint.http, demoKey: settings.demoKey)
            let chart = try await client.marketChart(id: coin.id, currency: settings.vsCurrency, range: range)
            return try CoinDetails.chart(chart, range: range, currency: settings.vsCurrency)
        },
        printFirstPage: { settings, endpoint, output in
            var options = FetchCoinsOptions()
            options.vsCurrency = settings.vsCurrency
            options.perPage = settings.perPage
            options.demoKey = settings.demoKey
            return await FetchCoinsCommand.run(
                options, output: output, client: CoinGeckoClient(http: endpoint.http, demoKey: settings.demoKey))
        })

    /// The coin's page on coingecko.com: `https://www.coingecko.com/en/coins/<id>`.
    @Sendable static func pageURL(_ coin: CoinMarket) -> URL? {
        guard !coin.id.isEmpty, let id = coin.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."]))
        else { return nil }
        return URL(string: "https://www.coingecko.com/en/coins/\(id)")
    }

    /// The simulator's CoinGecko.
    static let service = SimulatedService.coinGecko
    /// The live API's root.
    static let liveAPI = "https://api.coingecko.com/api/v3/"

    /// The coins tab's settings, from `endless`'s flags.
    struct Settings: Sendable {
        var vsCurrency = CoinsFeed.Options.vsCurrency.defaultValue
        var perPage = CoinsFeed.defaultPerPage
        /// The demo key sent in `x-cg-demo-api-key`; nil for keyless use.
        var demoKey: String?
        /// How often the tab refreshes itself; nil for only when asked.
        var live: Duration?
        /// The order the service sorts the board in.
        var order = CoinMarketsOrder.marketCapDescending
    }

    /// The board's orders: CoinGecko's own (asked of the service, so paging stays right), then
    /// price and the day's change over the coins loaded.
    static let sorting = FeedSorting<Settings, CoinMarketsPageSource>(
        current: { label(of: $0.order) },
        orders: CoinMarketsOrder.allCases.map { order in .service(label(of: order)) { $0.order = order } } + [
            .loaded("price ↓") { sortValue($0.currentPrice) > sortValue($1.currentPrice) },
            .loaded("24 h change ↓") { sortValue($0.priceChangePercentage24h) > sortValue($1.priceChangePercentage24h) },
        ])

    /// A number to sort by: none (or not a number) after every other.
    static func sortValue(_ number: LiteralJSON.Number?) -> Double {
        guard let value = number?.double, !value.isNaN else { return -.infinity }
        return value
    }

    /// What the header calls an order of the service's.
    static func label(of order: CoinMarketsOrder) -> String {
        switch order {
        case .marketCapDescending: "market cap ↓"
        case .marketCapAscending: "market cap ↑"
        case .volumeDescending: "volume ↓"
        case .volumeAscending: "volume ↑"
        case .idAscending: "id a–z"
        case .idDescending: "id z–a"
        }
    }

    /// Coins per page on the tab: a few screens.
    static let defaultPerPage = 50
    /// Where a demo key can come from when `--demo-key` is not given.
    static let demoKeyVariable = "COINGECKO_DEMO_API_KEY"
    /// `--live` alone: every 30 seconds.
    static let defaultLiveSeconds = 30
    /// Prices move by the second, so no cached page is fresh: the last board opens the tab at
    /// once (and stands in while offline), then the network refreshes it, and every later page
    /// comes from the network, so the source's ledger sees each coin it serves.
    static let cachePolicy = CachePolicy(maxAge: .zero)
    /// The changes every page asks for.
    static let changeWindows: [PriceChangeWindow] = [.hour, .day, .week]

    enum Options {
        static let vsCurrency = Option(
            "vs-currency", placeholder: "CODE",
            help: "The currency prices are in: usd, eur, gbp, jpy, btc, eth, sats… (CoinGecko's list).",
            default: CoinMarketsQuery.defaultCurrency,
            parser: ValueParser(accepts: .choices(VsCurrency.supported), write: { $0 }) { text throws(ValueError) in
                let code = text.lowercased()
                guard VsCurrency.isSupported(code) else {
                    throw ValueError("'\(text)' is not a currency CoinGecko prices in", allowed: VsCurrency.supported.joined(separator: ", "))
                }
                return code
            })
        static let demoKey = Option(
            "demo-key", placeholder: "KEY",
            help: "A CoinGecko demo API key, sent as x-cg-demo-api-key and never logged (default: $\(CoinsFeed.demoKeyVariable); "
                + "none: the keyless, tighter rate limit).",
            parser: ValueParsers.nonEmpty, secret: true, environment: CoinsFeed.demoKeyVariable)
        static let coinsPerPage = Option(
            "coins-per-page", placeholder: "N", help: "Coins per page on the coins tab, 1-250.", default: CoinsFeed.defaultPerPage,
            parser: ValueParsers.integer(in: CoinMarketsQuery.perPageRange))
        static let live = Option(
            "live", placeholder: "SECONDS",
            help: "Refresh the coins tab on a timer, every SECONDS (default \(CoinsFeed.defaultLiveSeconds), 3-3600, or e.g. 2m), "
                + "slower after a rate limit and never faster than --refresh-cooldown.",
            parser: ValueParsers.seconds(minimum: 3, maximum: 3600), whenAlone: .seconds(CoinsFeed.defaultLiveSeconds))
    }

    /// Reads the coins tab's flags.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> Settings {
        Settings(
            vsCurrency: try parsed[Options.vsCurrency], perPage: try parsed[Options.coinsPerPage],
            demoKey: try demoKey(from: parsed, environment: environment), live: try parsed[Options.live])
    }

    /// `--demo-key`, else `$COINGECKO_DEMO_API_KEY`, else none.
    static func demoKey(
        from parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> String? {
        if let key = try parsed[Options.demoKey] { return key }
        if let key = environment[demoKeyVariable], !key.isEmpty { return key }
        return nil
    }

    /// The page every list asks for: sparklines and the hour's, day's and week's changes.
    static func query(
        currency: String, perPage: Int, order: CoinMarketsOrder = .marketCapDescending
    ) throws(CoinGeckoError) -> CoinMarketsQuery {
        try CoinMarketsQuery(vsCurrency: currency, order: order, perPage: perPage, sparkline: true, priceChangePercentage: changeWindows)
    }

    /// The list's errors, explained (``ExplainingSource``).
    @Sendable static func explain(_ error: any Error) -> (any Error)? {
        (error as? CoinGeckoError).map(CoinsFeedError.init)
    }

    /// What the browser needs to know about coins.
    static func descriptor(sourceLabel: String, currency: String) -> FeedDescriptor<CoinMarket, CoinPageKey> {
        descriptor(sourceLabel: sourceLabel, currency: currency) { PageLabel(page: $0.page) }
    }

    /// What the browser needs to know about coins, on pages of keys of any kind (a search's).
    static func descriptor<Key>(
        sourceLabel: String, currency: String, describeKey: @escaping @Sendable (Key) -> PageLabel
    ) -> FeedDescriptor<CoinMarket, Key> {
        FeedDescriptor(
            nouns: Nouns("coin", "coins"), sourceLabel: sourceLabel,
            describeKey: describeKey,
            details: { coin, now in CoinDetails.of(coin, currency: currency, now: now) },
            rowImage: { coin, sizing in
                // The small icon fits a row's few cells: the large one the board sends was
                // downloaded, decoded and scaled down for every coin.
                let size = CoinImageSize.fitting(pixels: max(sizing.row.width, sizing.row.height))
                return coin.imageURL(size: size).map { FeedImage(url: $0, size: sizing.row, contentMode: .fit) }
            },
            endOfList: { count in "the whole market · \(Nouns("coin", "coins").count(count))" },
            cooldownFeedback: .spinnerThenNotice)
    }
}

extension FeedID {
    /// CoinGecko: a market board.
    static let coins = FeedID(name: "coins", number: 3)
}
