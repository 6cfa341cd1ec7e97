import Endless

/// The users of reqres.in as a feed: pages numbered from 1, `per_page` users each, ending at
/// `total_pages`, so the list really ends (no request past the last page).
///
/// Keys are page numbers, known in advance, so a feed may load several pages at once.
public struct ReqresPageSource: PageSource {
    /// The client pages are fetched with.
    public let client: ReqresClient
    /// Seconds the server holds each answer (the service's `delay`), for a slow network.
    public let delay: Int?

    /// Creates a source.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - delay: seconds the server should wait before each answer; nil for none.
    public init(client: ReqresClient, delay: Int? = nil) {
        self.client = client
        self.delay = delay
    }

    /// Loads a page: the first for a refresh, else the one the key names, with as many users as
    /// the feed asks for.
    /// - Parameter request: the page number (nil for the first) and the page size.
    /// - Returns: the users, with the neighbouring page numbers; no next page after `total_pages`.
    /// - Throws: ``ReqresError``.
    public func load(_ request: PageRequest<Int>) async throws -> Page<ReqresUser, Int> {
        let page = request.key ?? 1
        let perPage = min(max(request.loadSize, ReqresClient.perPageRange.lowerBound), ReqresClient.perPageRange.upperBound)
        let list = try await client.users(page: page, perPage: perPage, delay: delay)
        // The end: total_pages when the server says it, else the first page with fewer users
        // than asked for.
        let isLast = list.totalPages.map { page >= $0 } ?? (list.data.count < perPage)
        return Page(
            items: list.data, previousKey: page > 1 ? page - 1 : nil, nextKey: isLast ? nil : page + 1, key: page)
    }

    /// The page after `key`: page numbers are known in advance, so a feed may ask for several
    /// at once (a guess past `total_pages` is dropped when the last page says it is the end).
    /// - Parameter key: a page number.
    /// - Returns: the next page number.
    public func key(after key: Int) -> Int? {
        key + 1
    }
}
