/// The state of a ``Feed`` at one moment, for consumers that do not use Observation.
///
/// Cheap to make and to keep: the items are shared with the feed (copy-on-write, one reference
/// per page).
public struct FeedSnapshot<Item: Identifiable & Sendable, Key: Hashable & Sendable>: Sendable {
    /// The loaded items at their absolute indices.
    public var items: FeedItems<Item>
    /// The state of each direction.
    public var loadStates: LoadStates
    /// The keys of the loaded pages, in order (see ``Feed/pageKeys``).
    public var pageKeys: [Key?]

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - items: the loaded items.
    ///   - loadStates: the state of each direction.
    ///   - pageKeys: the keys of the loaded pages.
    public init(items: FeedItems<Item>, loadStates: LoadStates, pageKeys: [Key?]) {
        self.items = items
        self.loadStates = loadStates
        self.pageKeys = pageKeys
    }
}
