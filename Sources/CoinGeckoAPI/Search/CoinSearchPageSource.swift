import Endless
import EndlessHTTP
import Synchronization

/// A search of CoinGecko as pages: `GET /search?query=` finds the coins (ranked by market cap),
/// then each page asks `/coins/markets?ids=…` for its coins' prices, in the order found. In
/// another order than the largest market cap first (the query's ``CoinMarketsQuery/order``),
/// the search is followed by one `/coins/markets` of every coin found (at most 250, what one
/// page holds), which puts them in that order and is the first page's prices; later pages keep
/// it, each sorted again as the service sorts it.
///
/// A refresh searches again; a later page whose hits are not known (a list reopened from the
/// page cache) searches first. Keys are page numbers from 1, in units of the query's `per_page`.
public struct CoinSearchPageSource: PageSource {
    /// The client pages are fetched with.
    public let client: CoinGeckoClient
    /// What is searched for; nil for a list of ids given (a watchlist).
    public let search: SearchText?
    /// Currency and extras of every page; its `perPage` is the page size (its ids are ignored).
    public let query: CoinMarketsQuery
    private let hits = FoundCoins()

    /// Creates a source.
    /// - Parameters:
    ///   - client: searches and fetches the pages.
    ///   - search: the words.
    ///   - query: currency, page size and extras.
    public init(client: CoinGeckoClient, search: SearchText, query: CoinMarketsQuery) {
        self.client = client
        self.search = search
        self.query = query
    }

    /// The coins with these ids (a watchlist), in this order, with their prices now: the same
    /// pages, with no search.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - ids: the coins' ids.
    ///   - query: currency, page size and extras.
    public init(client: CoinGeckoClient, ids: [String], query: CoinMarketsQuery) {
        self.client = client
        self.search = nil
        self.query = query
        hits.value.withLock { $0 = ids }
    }

    /// The coins found by the last search, in order; nil before it.
    public var found: [String]? { hits.value.withLock { $0 } }

    /// Loads a page of the coins found, with their prices.
    /// - Throws: ``CoinGeckoError``.
    public func load(_ request: PageRequest<Int>) async throws -> Page<CoinMarket, Int> {
        let page = request.direction == .refresh ? 1 : max(1, request.key ?? 1)
        let (items, hasMore) = try await markets(page: page, searchingAgain: request.direction == .refresh)
        return Page(items: items, previousKey: page > 1 ? page - 1 : nil, nextKey: hasMore ? page + 1 : nil, key: page)
    }

    /// Page `page` (from 1) of the coins found, with their prices, in the order the search
    /// ranked them, or in the query's order when it is another (a coin the markets do not list
    /// is left out).
    /// - Parameters:
    ///   - page: from 1, in units of the query's `per_page`.
    ///   - searchingAgain: whether to search again even when the hits are known.
    /// - Returns: the markets, and whether more coins were found after them.
    /// - Throws: ``CoinGeckoError``.
    public func markets(page: Int, searchingAgain: Bool = false) async throws(CoinGeckoError) -> (markets: [CoinMarket], hasMore: Bool) {
        var ids = searchingAgain && search != nil ? nil : hits.value.withLock { $0 }
        var ordered: [CoinMarket]?
        if ids == nil, let search {
            var found = try await client.search(search).map(\.id)
            if query.order != .marketCapDescending, !found.isEmpty {
                // Every coin found, in the query's order: what the board in that order shows.
                let markets = try await self.markets(of: found, perPage: min(found.count, CoinMarketsQuery.perPageRange.upperBound))
                found = markets.map(\.id)
                ordered = markets
            }
            hits.value.withLock { $0 = found }
            ids = found
        }
        let all = ids ?? []
        let (start, overflow) = (max(1, page) - 1).multipliedReportingOverflow(by: query.perPage)
        guard !overflow, start < all.count else { return ([], false) }
        let end = min(all.count, start + query.perPage)
        if let ordered { return (Array(ordered[start..<end]), end < all.count) }
        let chunk = Array(all[start..<end])
        let markets = try await self.markets(of: chunk, perPage: query.perPage)
        // In another order the service's is kept; else the search's rank, or the watchlist's.
        guard query.order == .marketCapDescending || search == nil else { return (markets, end < all.count) }
        let byID = Dictionary(markets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return (chunk.compactMap { byID[$0] }, end < all.count)
    }

    /// The markets of the coins `ids` (at most `perPage`), in the query's order as the service
    /// sorts them, each once; a coin the markets do not list is left out, and one not asked for
    /// too.
    private func markets(of ids: [String], perPage: Int) async throws(CoinGeckoError) -> [CoinMarket] {
        var asked = try query.with(perPage: perPage, page: 1)
        asked.ids = ids
        // Each coin asked for once, whatever else the body holds.
        var wanted = Set(ids)
        return try await client.markets(asked).markets.filter { wanted.remove($0.id) != nil }
    }
}

/// The coins a search found, shared by the copies of its source.
private final class FoundCoins: Sendable {
    let value = Mutex<[String]?>(nil)
}
