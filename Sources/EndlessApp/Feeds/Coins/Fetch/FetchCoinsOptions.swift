import CoinGeckoAPI
import EndlessHTTP
import Foundation

/// Everything `endless fetch coins` was asked to do, parsed and validated.
struct FetchCoinsOptions: FeedFetchOptions, Equatable {
    var vsCurrency = CoinsFeed.Options.vsCurrency.defaultValue
    /// The page, from 1.
    var page = FetchCoinsCommand.Options.page.defaultValue
    /// Coins per page, 1-250.
    var perPage = FetchCoinsCommand.Options.perPage.defaultValue
    /// Words to search for instead of the whole market (`--query`).
    var query: SearchText?
    /// Whether to list the coins starred in the browser (`--starred`).
    var starred = false
    /// The coin whose price history to print instead of the board (`--chart`).
    var chart: String?
    /// How far back the history goes (`--days`).
    var days = MarketChartRange.sevenDays
    /// Whether to ask for the 7-day sparkline (the table then draws it).
    var sparkline = false
    /// The demo key sent in `x-cg-demo-api-key`.
    var demoKey: String?
    /// Format, timeout, retries, verbose.
    var common = FetchSettings()
    /// The API root given with `--api`; nil for the embedded simulator.
    var api: URL?
    /// The embedded simulator's settings.
    var simulator = SimulatorSettings()
}
