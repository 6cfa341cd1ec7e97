import CoinGeckoAPI
import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import Foundation

/// `endless fetch coins`: one page of CoinGecko's `/coins/markets`, printed as a table, JSON,
/// NDJSON or CSV, with every number as the API sent it in the last three.
enum FetchCoinsCommand {
    enum Options {
        static let api = Option(
            "api", placeholder: "URL", help: "The CoinGecko v3 API root, e.g. \(CoinsFeed.liveAPI).",
            defaultDescription: "the embedded simulator", parser: ValueParsers.httpURL)
        static let page = Option(
            "page", placeholder: "N", help: "Which page, from 1 (past the last page, the list is empty).", default: 1,
            parser: ValueParsers.integer(in: 1...1_000_000))
        static let perPage = Option(
            "per-page", short: "n", placeholder: "N", help: "Coins per page, 1-250.", default: CoinMarketsQuery.defaultPerPage,
            parser: ValueParsers.integer(in: CoinMarketsQuery.perPageRange))
        static let query = Option(
            "query", short: "q", placeholder: "WORDS",
            help: "Search instead (GET search?query=, then coins/markets?ids=): coins whose name or symbol matches.",
            parser: ValueParsers.nonEmpty)
        static let starred = Flag("starred", help: "Your watchlist instead: the coins starred in the browser (*), with their prices now.")
        static let sparkline = Flag("sparkline", help: "Ask for each coin's 7-day sparkline (the table draws it in braille).")
        static let chart = Option(
            "chart", placeholder: "ID",
            help: "A coin's price history instead (GET coins/ID/market_chart): its price, market cap and volume at each instant.",
            parser: ValueParsers.nonEmpty)
        static let days = Option(
            "days", placeholder: "DAYS", help: "How far back --chart goes: 1, 7, 30, 365 or max.", default: MarketChartRange.sevenDays,
            parser: ValueParser(accepts: .choices(MarketChartRange.allCases.map(\.queryValue)), write: { $0.queryValue }) {
                text throws(ValueError) in
                guard let range = MarketChartRange.allCases.first(where: { $0.queryValue == text.lowercased() }) else {
                    throw ValueError("'\(text)' is not a chart range", allowed: MarketChartRange.allCases.map(\.queryValue).joined(separator: ", "))
                }
                return range
            })
    }

    static let declaration = CommandDeclaration(
        name: "coins",
        abstract: "Fetch a page of CoinGecko's market board once and print it.",
        discussion: "Asks GET coins/markets?vs_currency=&order=market_cap_desc&per_page=&page= once (with the "
            + "1h, 24h and 7d changes) and prints it. Without --api, the market is the embedded simulator's "
            + "CoinGecko. A demo key (--demo-key, else $\(CoinsFeed.demoKeyVariable)) travels in "
            + "x-cg-demo-api-key and never appears in a log. json prints the API's array and ndjson one market "
            + "object a line, both with the API's own field names and every number exactly as it was sent; "
            + "table and CSV are sanitized, and the table fits the terminal. --chart ID prints a coin's history "
            + "instead (GET coins/ID/market_chart?vs_currency=&days=, --days 1, 7, 30, 365 or max): json the answer as "
            + "sent, ndjson its [ms,price] points one a line, table and CSV the time, price, market cap and volume."
            + "\n\n"
            + "Exit status: 0 on success, 1 when the request or the API failed (a rate limit says how long to "
            + "wait; the reason goes to standard error), 2 when the command line is wrong.",
        options: [
            Options.api.declaration, CoinsFeed.Options.vsCurrency.declaration, Options.page.declaration,
            Options.perPage.declaration, Options.query.declaration, Options.starred.declaration, Options.sparkline.declaration,
            Options.chart.declaration, Options.days.declaration, CoinsFeed.Options.demoKey.declaration,
        ] + FetchSettings.Options.values + [FetchSettings.Options.verbose.declaration] + SimulatorOptions.declarations,
        examples: [
            .init(command: "endless fetch coins", explanation: "The 100 largest coins of the embedded simulator's market."),
            .init(
                command: "endless fetch coins --api https://api.coingecko.com/api/v3/ --vs-currency eur --per-page 10",
                explanation: "The ten largest on the live service, in euros."),
            .init(
                command: "endless fetch coins --format ndjson | jq -r '.id + \" \" + (.current_price|tostring)'",
                explanation: "Ids and prices, one a line, prices exactly as sent."),
            .init(command: "endless fetch coins --sparkline --per-page 20", explanation: "A table with each coin's week in braille."),
            .init(command: "endless fetch coins --query btc", explanation: "The coins called or ticked btc, largest first."),
            .init(command: "endless fetch coins --starred", explanation: "The coins starred in the browser, with their prices now."),
            .init(command: "endless fetch coins --chart bitcoin --days 30 --format csv", explanation: "Bitcoin's last 30 days, hourly."),
        ])

    /// The `coins` subcommand of `endless fetch`.
    static let subcommand = Subcommand.fetch(
        declaration, noun: "coins", service: CoinsFeed.service,
        options: { parsed throws(UsageError) in try FetchCoinsCommand.options(from: parsed) }
    ) { options, endpoint, output in
        await run(options, output: output, client: CoinGeckoClient(http: endpoint.http, demoKey: options.demoKey))
    }

    /// Reads the command line.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> FetchCoinsOptions {
        var options = FetchCoinsOptions()
        options.api = try parsed[Options.api]
        if let api = options.api { try SimulatorOptions.requireNone(in: parsed, because: api.absoluteString) }
        options.vsCurrency = try parsed[CoinsFeed.Options.vsCurrency]
        options.page = try parsed[Options.page]
        options.perPage = try parsed[Options.perPage]
        options.sparkline = parsed[Options.sparkline]
        options.starred = parsed[Options.starred]
        if let words = try parsed[Options.query] {
            guard let text = SearchText(words) else {
                throw UsageError(command: parsed.command, message: "--query has no words to search for")
            }
            options.query = text
        }
        if options.starred, options.query != nil {
            throw UsageError(command: parsed.command, message: "--starred lists your watchlist; --query searches: give one of them")
        }
        options.chart = try parsed[Options.chart]
        options.days = try parsed[Options.days]
        if options.chart != nil, options.starred || options.query != nil {
            throw UsageError(command: parsed.command, message: "--chart prints one coin's history; it goes with neither --query nor --starred")
        }
        if options.chart == nil, parsed.isGiven(Options.days) {
            throw UsageError(command: parsed.command, message: "--days says how far back --chart goes: give --chart ID too")
        }
        options.demoKey = try CoinsFeed.demoKey(from: parsed)
        options.common = try FetchSettings.read(from: parsed)
        options.simulator = try SimulatorOptions.settings(from: parsed)
        return options
    }

    /// Fetches and prints.
    /// - Parameters:
    ///   - options: what to fetch and how to print it.
    ///   - output: where to print.
    ///   - client: the CoinGecko client to ask.
    /// - Returns: 0 when printed, 1 when the request failed (the reason on standard error).
    static func run(
        _ options: FetchCoinsOptions, output: CommandOutput, client: CoinGeckoClient, cache: @Sendable () -> PageCache = { PageCache() }
    ) async -> Int32 {
        let width = TableWidth.of(output)
        if let id = options.chart {
            do {
                let chart = try await client.marketChart(id: id, currency: options.vsCurrency, range: options.days)
                if chart.prices.isEmpty { output.standardError("endless fetch coins: no prices for \(TextSanitizer.sanitize(id))\n") }
                output.standardOutput(CoinChartFormatter.format(chart, as: options.common.format, width: width, currency: options.vsCurrency))
                return ExitCode.success.rawValue
            } catch {
                output.standardError("endless fetch coins: \(TextSanitizer.sanitize(CoinsFeedError(error).description))\n")
                return ExitCode.failure.rawValue
            }
        }
        let page: CoinMarketsPage
        do {
            var query = try CoinMarketsQuery(
                vsCurrency: options.vsCurrency, perPage: options.perPage, page: options.page, sparkline: options.sparkline)
            query.priceChangePercentage = CoinsFeed.changeWindows
            if options.starred {
                let store = cache()
                let ids = store.starred(feed: CoinsFeed.definition.id.name).map(\.id)
                store.close()
                if ids.isEmpty { output.standardError("endless fetch coins: no coins starred (star them with * in the coins tab)\n") }
                let found = try await CoinSearchPageSource(client: client, ids: ids, query: query.with(page: 1)).markets(page: options.page)
                page = CoinMarketsPage(query: query, markets: found.markets)
            } else if let words = options.query {
                let found = try await CoinSearchPageSource(client: client, search: words, query: query.with(page: 1))
                    .markets(page: options.page)
                if found.markets.isEmpty, options.page == 1 { output.standardError("endless fetch coins: no coins found\n") }
                page = CoinMarketsPage(query: query, markets: found.markets)
            } else {
                page = try await client.markets(query)
            }
        } catch {
            output.standardError("endless fetch coins: \(TextSanitizer.sanitize(CoinsFeedError(error).description))\n")
            return ExitCode.failure.rawValue
        }
        if page.markets.isEmpty, options.page > 1, options.query == nil, !options.starred {
            output.standardError("endless fetch coins: page \(options.page) is past the end of the market; no coins on it\n")
        }
        output.standardOutput(CoinsFormatter.format(page, as: options.common.format, width: width, currency: options.vsCurrency))
        return ExitCode.success.rawValue
    }
}
