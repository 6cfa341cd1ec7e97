/// Where a ``Feed`` gets its pages: one `async` function that loads the page a request names.
///
/// A page source knows how to fetch; the ``Feed`` decides when. It never needs to track what
/// is loaded, debounce, deduplicate or retry: the feed sends a bounded number of requests per
/// direction (one by default, see `FeedConfiguration.maxConcurrentAppends`), drops stale
/// results, removes items whose `id` it already shows, and calls ``load(_:)`` again for a page
/// it dropped to save memory (so a page should be reproducible from its key, as a seeded
/// randomuser.me page is).
///
/// A source whose keys can be worked out in advance (page numbers, offsets, a seed and a page
/// number) says so with ``key(after:)``; the feed may then load several pages ahead at once.
///
/// ```swift
/// struct NumbersSource: PageSource {
///     struct Number: Identifiable, Sendable { let id: Int }
///
///     // The key is the page number; page 0 is the first page.
///     func load(_ request: PageRequest<Int>) async throws -> Page<Number, Int> {
///         let page = request.key ?? 0
///         let first = page * request.loadSize
///         let numbers = (first..<first + request.loadSize).map(Number.init(id:))
///         return Page(
///             items: numbers,
///             previousKey: page > 0 ? page - 1 : nil,
///             nextKey: page < 9 ? page + 1 : nil,  // ten pages, then the end
///             key: page)
///     }
///
///     // Page numbers are known in advance, so the feed may load several at once.
///     func key(after key: Int) -> Int? { key + 1 }
/// }
///
/// let feed = Feed(source: NumbersSource())
/// ```
public protocol PageSource: Sendable {
    /// What the feed lists. Items are kept unique by `id` across every loaded page.
    associatedtype Item: Identifiable & Sendable
    /// What names a page: a page number, a cursor, or a seed and a page number.
    associatedtype Key: Hashable & Sendable

    /// Loads the page that `request` names.
    ///
    /// Called by the feed, for several pages at once only if ``key(after:)`` names keys ahead
    /// (or the pages are reloads of dropped ones). When the feed no longer
    /// wants the result (a refresh superseded it, or the feed went away) the calling task is
    /// cancelled; throwing `CancellationError` then is the polite answer, but the feed discards
    /// a late result either way.
    ///
    /// - Parameter request: the direction, the key (`nil` only for a refresh of the first page)
    ///   and how many items the feed would like.
    /// - Returns: the page, with the keys of its neighbours (`nil` where the list ends).
    /// - Throws: any error; the feed shows it in the load state of the request's direction.
    func load(_ request: PageRequest<Key>) async throws -> Page<Item, Key>

    /// The key of the page after the page `key` names, if it can be known without loading that
    /// page: `key + 1` for page numbers, `offset + pageSize` for offsets, the same seed and the
    /// next page number for a seeded list. `nil` (the default) means "only the page itself
    /// says", as with cursors: the feed then waits for each page before asking for the next.
    ///
    /// The page's own `nextKey` stays the authority: when it disagrees (or says the list
    /// ends), the feed discards the pages it loaded ahead on this guess and follows `nextKey`.
    ///
    /// - Parameter key: a page's key.
    /// - Returns: the next page's key, or `nil` if it is not known in advance.
    func key(after key: Key) -> Key?
}

extension PageSource {
    /// Keys are not known in advance: the feed loads one new page at a time at the end.
    ///
    /// - Parameter key: a page's key.
    /// - Returns: `nil`.
    public func key(after key: Key) -> Key? { nil }
}
