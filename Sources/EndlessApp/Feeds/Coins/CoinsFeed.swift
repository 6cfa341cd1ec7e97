import CoinGeckoAPI
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessImages
import EndlessSimulator
import Foundation

/// The coins feed: CoinGecko's market board, as the SwiftUI CoinGecko tutorial builds it, with
/// its rate-limited pull to refresh (the spinner at least 0.5 s, one network refresh in 3 s),
/// prices that refresh in place, and an optional live mode.
enum CoinsFeed: FeedPlugin {
    static let kind = FeedID.coins
    static let service = SimulatedServiceID.coinGecko
    static let liveAPI = "https://api.coingecko.com/api/v3/"
    static let abstract = "Browse CoinGecko's market board: prices, changes, 7-day sparklines and icons."

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
            parser: ValueParsers.nonEmpty, secret: true)
        static let coinsPerPage = Option(
            "coins-per-page", placeholder: "N", help: "Coins per page on the coins tab, 1-250.", default: CoinsFeed.defaultPerPage,
            parser: ValueParsers.integer(in: CoinMarketsQuery.perPageRange))
        static let live = Option(
            "live", placeholder: "SECONDS",
            help: "Refresh the coins tab on a timer, every SECONDS (default \(CoinsFeed.defaultLiveSeconds), 3-3600), slower "
                + "after a rate limit and never faster than --refresh-cooldown.",
            parser: ValueParsers.integer(in: 3...3600), whenAlone: CoinsFeed.defaultLiveSeconds)
    }

    static var browseOptions: [OptionDeclaration] {
        [
            apiOption.declaration, Options.vsCurrency.declaration, Options.coinsPerPage.declaration, Options.demoKey.declaration,
            Options.live.declaration,
        ]
    }

    static var fetchCommand: Subcommand { FetchCoinsCommand.subcommand }

    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> CoinsSettings {
        CoinsSettings(
            api: api, vsCurrency: try parsed[Options.vsCurrency], perPage: try parsed[Options.coinsPerPage],
            demoKey: try demoKey(from: parsed, environment: environment), live: try parsed[Options.live].map { .seconds($0) })
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
    static func query(currency: String, perPage: Int) throws(CoinGeckoError) -> CoinMarketsQuery {
        try CoinMarketsQuery(vsCurrency: currency, perPage: perPage, sparkline: true, priceChangePercentage: changeWindows)
    }

    /// The list's errors, explained (``ExplainingSource``).
    @Sendable static func explain(_ error: any Error) -> (any Error)? {
        (error as? CoinGeckoError).map(CoinsFeedError.init)
    }

    /// What the browser needs to know about coins.
    static func descriptor(sourceLabel: String, currency: String) -> FeedDescriptor<CoinMarket, CoinPageKey> {
        FeedDescriptor(
            nouns: Nouns("coin", "coins"), sourceLabel: sourceLabel,
            describeKey: { PageLabel(page: $0.page) },
            details: { coin, now in CoinDetails.of(coin, currency: currency, now: now) },
            rowImage: { coin, sizing in
                coin.imageURL.map { FeedImage(url: $0, size: sizing.row, contentMode: .fit) }
            },
            endOfList: { count in "the whole market · \(Nouns("coin", "coins").count(count))" },
            cooldownFeedback: .spinnerThenNotice)
    }
}

extension FeedID {
    /// CoinGecko: a market board.
    static let coins = FeedID(name: "coins", number: 3)
}
