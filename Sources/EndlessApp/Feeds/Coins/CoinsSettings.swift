import CoinGeckoAPI
import Endless
import EndlessCommandLine
import EndlessFeedModel
import Foundation

/// The coins tab's settings, from `endless`'s flags.
struct CoinsSettings: FeedSettings {
    var api: URL?
    var vsCurrency = CoinsFeed.Options.vsCurrency.defaultValue
    var perPage = CoinsFeed.defaultPerPage
    /// The demo key sent in `x-cg-demo-api-key`; nil for keyless use.
    var demoKey: String?
    /// How often the tab refreshes itself; nil for only when asked.
    var live: Duration?

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: CoinsFeed.service)
        let client = CoinGeckoClient(http: endpoint.http, demoKey: demoKey)
        let source = CoinMarketsPageSource(client: client, query: try CoinsFeed.query(currency: vsCurrency, perPage: perPage))
        // Every page is kept: pages of a live ranking cannot be reloaded as they were, and the
        // market is a few thousand coins. The cooldown and the 0.5 s spinner are the seed's.
        // The board opens on the top of the market as it ranks now: a place in an older ranking
        // means little (and its pages name no page before them to scroll up to).
        return environment.makeTab(
            CoinsFeed.kind, source: source, explain: CoinsFeed.explain, endpoint: endpoint,
            cacheVariant: "vs_currency=\(vsCurrency) per_page=\(perPage)", policy: CoinsFeed.cachePolicy,
            paging: .keepingEveryPage(pageSize: perPage), descriptor: CoinsFeed.descriptor(sourceLabel: endpoint.label, currency: vsCurrency),
            style: CoinRow.style(currency: vsCurrency), keepsPosition: false, live: live)
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        let endpoint = connection.endpoint(api: api, service: CoinsFeed.service)
        var options = FetchCoinsOptions()
        options.vsCurrency = vsCurrency
        options.perPage = perPage
        options.demoKey = demoKey
        return await FetchCoinsCommand.run(options, output: output, client: CoinGeckoClient(http: endpoint.http, demoKey: demoKey))
    }
}
