import Endless
import EndlessHTTP

/// A search of Unsplash as pages: `GET /search/photos?query=&page=&per_page=&order_by=`,
/// numbered from 1, ending at `total_pages`. Its keys are page numbers like
/// ``UnsplashPageSource``'s, so a search is an endless, cached, refreshable feed of its own.
public struct UnsplashSearchPageSource: PageSource {
    /// The client pages are fetched with.
    public let client: UnsplashClient
    /// What is searched for.
    public let query: SearchText
    /// Best match or newest first.
    public let orderBy: UnsplashSearchOrder

    /// Creates a source.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - query: the words.
    ///   - orderBy: relevant or latest.
    public init(client: UnsplashClient, query: SearchText, orderBy: UnsplashSearchOrder = .relevant) {
        self.client = client
        self.query = query
        self.orderBy = orderBy
    }

    /// Loads the first page for a refresh, else the one the key names.
    /// - Throws: ``UnsplashError``.
    public func load(_ request: PageRequest<Int>) async throws -> Page<UnsplashPhoto, Int> {
        let page = request.key ?? 1
        let perPage = min(max(request.loadSize, UnsplashClient.perPageRange.lowerBound), UnsplashClient.perPageRange.upperBound)
        let result = try await client.searchPhotos(query, page: page, perPage: perPage, orderBy: orderBy)
        return Page(items: result.photos, previousKey: page > 1 ? page - 1 : nil, nextKey: result.nextPage, key: page)
    }
}
