/// What a ``Feed`` asks its ``PageSource`` for: a direction, a key and a size.
public struct PageRequest<Key: Hashable & Sendable>: Sendable, Hashable {
    /// Why the page is wanted: the first page (refresh), the page after the last loaded one
    /// (append) or the page before the first loaded one (prepend).
    public var direction: LoadDirection
    /// The page to load: `nil` only for a refresh without an initial key, meaning "the first
    /// page, however the source defines it". Appends and prepends always carry a key, taken
    /// from a neighbouring page's `nextKey` / `previousKey` or from a page the feed dropped.
    public var key: Key?
    /// How many items the feed would like: `FeedConfiguration.initialLoadSize` for a refresh,
    /// `pageSize` for the rest, and the original size when a dropped page is reloaded.
    public var loadSize: Int

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - direction: refresh, append or prepend.
    ///   - key: the page's key; `nil` for the first page of a refresh.
    ///   - loadSize: the number of items wanted.
    public init(direction: LoadDirection, key: Key?, loadSize: Int) {
        self.direction = direction
        self.key = key
        self.loadSize = loadSize
    }
}
