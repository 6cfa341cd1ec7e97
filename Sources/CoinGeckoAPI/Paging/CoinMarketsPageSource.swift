import Endless

/// CoinGecko's markets as a feed: pages of `per_page` coins in the query's order, until a page
/// comes back shorter (the service sends no total).
///
/// Ranks move between requests, so the source keeps a `MarketLedger` of what each list has
/// shown. Coins already shown are left out of later pages (the feed would drop them too), and
/// when a page proves that coins rose past the pages already loaded, the ranks above it are
/// read again (`per_page=250` blocks, nearest first, at most ``repairBlockLimit``) and the coins
/// found are put at the top of the page, under their new rank: moved, but neither lost nor
/// shown twice. A refresh starts a new list and reads as many ranks as the old list had shown
/// (rounded up to whole pages, at most ``refreshWindowLimit``), in one request, so prices
/// update in place and the selected coin is still there.
///
/// Pages of a live ranking cannot be reloaded identically, so a feed over this source should
/// not drop pages (`FeedConfiguration.maxLoadedItems` nil).
public struct CoinMarketsPageSource: PageSource {
    /// The most coins one request can bring, and so the deepest a refresh reads again.
    public static let refreshWindowLimit = CoinMarketsQuery.perPageRange.upperBound
    /// Requests a page may spend finding coins that moved up past it.
    public static let repairBlockLimit = 3

    /// The client pages are fetched with.
    public let client: CoinGeckoClient
    /// Currency, order and extras of every page; its `perPage` is the page size.
    public let query: CoinMarketsQuery
    let ledger = MarketLedger()

    /// Creates a source.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - query: currency, order, page size and extras; its page is ignored.
    public init(client: CoinGeckoClient, query: CoinMarketsQuery) {
        self.client = client
        self.query = query
    }

    /// Coins per page.
    public var perPage: Int { query.perPage }

    /// Loads the first page for a refresh, else the page the key names, reconciled with what
    /// the list has shown.
    /// - Parameter request: the key (nil for the first page).
    /// - Returns: coins not shown yet; no next page after a short one.
    /// - Throws: ``CoinGeckoError``.
    public func load(_ request: PageRequest<CoinPageKey>) async throws -> Page<CoinMarket, CoinPageKey> {
        guard request.direction != .refresh, let key = request.key, key.page > 1 else {
            return try await loadFirstPage()
        }
        let fetched = try await client.markets(query.with(page: key.page))
        let ids = fetched.markets.map(\.id)
        let nextKey = fetched.isLast ? nil : CoinPageKey(list: key.list, page: key.page + 1)
        let ranksAbove = (key.page - 1) * perPage
        guard let plan = await ledger.reconcile(list: key.list, ranksAbove: ranksAbove, window: ids) else {
            // A page of a list a refresh has replaced: the feed discards it.
            return Page(items: fetched.markets, nextKey: nextKey, key: key)
        }
        var risers: [CoinMarket] = []
        var requests = 0
        if plan.missing > 0 {
            (risers, requests) = try await findRisers(
                missing: plan.missing, ranksAbove: ranksAbove, excluding: Set(ids), list: key.list)
        }
        var seen = Set<String>()
        let fresh = fetched.markets.filter { plan.fresh.contains($0.id) && seen.insert($0.id).inserted }
        let items = risers + fresh
        await ledger.record(
            list: key.list, ids: items.map(\.id), risers: risers.count, repairRequests: requests,
            unresolved: max(0, plan.missing - risers.count))
        return Page(items: items, nextKey: nextKey, key: key)
    }

    /// Figures about the reconciliation so far: coins found above their page, the requests
    /// spent, coins known missing that were not found.
    public func reconciliation() async -> (risersFound: Int, repairRequests: Int, unresolved: Int) {
        let statistics = await ledger.statistics
        return (statistics.risersFound, statistics.repairRequests, statistics.unresolved)
    }

    private func loadFirstPage() async throws -> Page<CoinMarket, CoinPageKey> {
        let depth = await ledger.depth
        let pages = max(1, (depth + perPage - 1) / perPage)
        let window = min(pages, max(1, Self.refreshWindowLimit / perPage)) * perPage
        let fetched = try await client.markets(query.with(perPage: window, page: 1))
        let list = await ledger.startList(with: fetched.markets.map(\.id))
        let nextKey = fetched.isLast ? nil : CoinPageKey(list: list, page: window / perPage + 1)
        return Page(items: fetched.markets, nextKey: nextKey, key: CoinPageKey(list: list, page: 1))
    }

    /// Reads the ranks above a page again, nearest block first, for coins never shown.
    private func findRisers(
        missing: Int, ranksAbove: Int, excluding window: Set<String>, list: Int
    ) async throws -> ([CoinMarket], Int) {
        let block = CoinMarketsQuery.perPageRange.upperBound
        var found: [(position: Int, market: CoinMarket)] = []
        var requests = 0
        var blockIndex = (ranksAbove - 1) / block
        while found.count < missing, blockIndex >= 0, requests < Self.repairBlockLimit {
            let fetched = try await client.markets(query.with(perPage: block, page: blockIndex + 1))
            requests += 1
            let unserved = await ledger.unserved(among: fetched.markets.map(\.id))
            for (offset, market) in fetched.markets.enumerated() {
                let position = blockIndex * block + offset
                // Only ranks above the page: a block can reach into it and below.
                guard position < ranksAbove, unserved.contains(market.id), !window.contains(market.id),
                    !found.contains(where: { $0.market.id == market.id })
                else { continue }
                found.append((position, market))
            }
            blockIndex -= 1
        }
        return (found.sorted { $0.position < $1.position }.map(\.market), requests)
    }
}
