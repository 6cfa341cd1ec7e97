import Synchronization

/// What identifies an item in a ``FeedItems`` without the item itself: its page's stamp and
/// its place in that page (see ``FeedItems/stamp(at:)``). Two rows with the same stamp show
/// the same item value; comparing stamps costs two integers, however large the items.
public struct ItemStamp: Hashable, Sendable {
    /// The page's stamp: no two pages put in a list, in any feed, share one.
    public let page: UInt64
    /// The item's place in its page.
    public let offset: Int

    /// A stamp never handed out before.
    static func newPage() -> UInt64 {
        pagesStamped.add(1, ordering: .relaxed).newValue
    }

    /// Stamps handed out so far, by every list in the process.
    private static let pagesStamped = Atomic<UInt64>(0)
}
