import Endless
import Synchronization

/// The Unsplash feed as pages: `GET /photos?page=&per_page=&order_by=`, numbered from 1,
/// ending where the `Link` header (or `X-Total`) says.
///
/// Rate-limited keys have a small hourly budget (50 requests for a demo key), so the source
/// keeps a reserve: once the service reports `reserve` requests or fewer left, the next page is
/// not loaded ahead of the person. The load fails with ``UnsplashError/holdingBack(remaining:limit:)``
/// (the list shows it where the next page would be), and asking for that page again (retry)
/// loads it. Refreshes always go through.
public struct UnsplashPageSource: PageSource {
    /// The client pages are fetched with.
    public let client: UnsplashClient
    /// The order of the feed.
    public let orderBy: UnsplashOrder
    /// Requests kept back from loading ahead; 0 loads ahead until the budget is spent.
    public let reserve: Int
    private let heldBack = HeldBackPages()

    /// Creates a source.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - orderBy: latest, oldest or popular.
    ///   - reserve: requests kept from loading ahead (see the type's summary).
    public init(client: UnsplashClient, orderBy: UnsplashOrder = .latest, reserve: Int = 0) {
        self.client = client
        self.orderBy = orderBy
        self.reserve = max(0, reserve)
    }

    /// Loads a page: the first for a refresh, else the one the key names, with as many photos
    /// as the feed asks for (1 to 30).
    /// - Parameter request: the page number (nil for the first) and the page size.
    /// - Returns: the photos, with the neighbouring page numbers; no next page at the end.
    /// - Throws: ``UnsplashError``.
    public func load(_ request: PageRequest<Int>) async throws -> Page<UnsplashPhoto, Int> {
        let page = request.key ?? 1
        if request.direction != .refresh, let budget = client.rateLimit, budget.remaining <= reserve,
            heldBack.holdFirstTime(page)
        {
            throw UnsplashError.holdingBack(remaining: budget.remaining, limit: budget.limit)
        }
        let perPage = min(max(request.loadSize, UnsplashClient.perPageRange.lowerBound), UnsplashClient.perPageRange.upperBound)
        let result = try await client.photos(page: page, perPage: perPage, orderBy: orderBy)
        return Page(items: result.photos, previousKey: page > 1 ? page - 1 : nil, nextKey: result.nextPage, key: page)
    }
}

/// The pages held back once: the second ask for one is the person's, and goes through.
private final class HeldBackPages: Sendable {
    private let pages = Mutex<Set<Int>>([])

    /// True the first time `page` is asked for (hold it back), false after.
    func holdFirstTime(_ page: Int) -> Bool {
        pages.withLock { $0.insert(page).inserted }
    }
}
