/// One page that a ``PageSource`` loaded: its items and the keys of its neighbours.
public struct Page<Item: Identifiable & Sendable, Key: Hashable & Sendable>: Sendable {
    /// The items, in list order. Items whose `id` the feed already shows are skipped.
    public var items: [Item]
    /// The key of the page before this one, or `nil` if this is the first page.
    public var previousKey: Key?
    /// The key of the page after this one, or `nil` if this is the last page.
    public var nextKey: Key?
    /// The key that reloads exactly this page, when the request's key cannot: a first page
    /// requested with no key but drawn with a seed the server chose reports that seed here.
    /// `nil` means the request's key names this page. The feed uses it to reload the page after
    /// dropping it (`FeedConfiguration.maxLoadedItems`) and publishes it in `Feed.pageKeys`.
    public var key: Key?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - items: the items, in list order.
    ///   - previousKey: the key of the page before, or `nil` at the start of the list.
    ///   - nextKey: the key of the page after, or `nil` at the end of the list.
    ///   - key: this page's own key, when it differs from the request's (see ``key``).
    public init(items: [Item], previousKey: Key? = nil, nextKey: Key?, key: Key? = nil) {
        self.items = items
        self.previousKey = previousKey
        self.nextKey = nextKey
        self.key = key
    }
}
