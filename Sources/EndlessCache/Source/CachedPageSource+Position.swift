import Endless
import Foundation

/// Where a list was left: the page the selected item was on, and that item.
public struct ListPosition<Key: Hashable & Sendable>: Sendable, Equatable {
    /// The key of the page the item is on; nil for a first page asked for with no key.
    public var pageKey: Key?
    /// How many items that page was asked for.
    public var loadSize: Int
    /// The item's id, as text (`String(describing:)` of its `id`).
    public var itemID: String

    /// Creates a position.
    /// - Parameters:
    ///   - pageKey: the page's key.
    ///   - loadSize: the page's load size.
    ///   - itemID: the selected item's id as text.
    public init(pageKey: Key?, loadSize: Int, itemID: String) {
        self.pageKey = pageKey
        self.loadSize = loadSize
        self.itemID = itemID
    }
}

/// A page source that keeps where its list was left (``CachedPageSource`` does, in the page
/// cache), for a tab to save at quit and open on at launch.
public protocol ListPositionKeeping<Key>: Sendable {
    /// The keys of the source's pages.
    associatedtype Key: Hashable & Sendable
    /// Where the list was left last; nil when nothing was saved.
    var savedPosition: ListPosition<Key>? { get }
    /// Records where the list was left.
    /// - Parameter position: the page and the item.
    func savePosition(_ position: ListPosition<Key>)
}

// Where the list was left, kept beside its pages, so a relaunch opens there
// (`Feed(openingKey:)`).
extension CachedPageSource: ListPositionKeeping {
    /// Where this feed's list (this variant of it) was left last, by this process or another;
    /// nil when nothing was saved, with `--no-cache`, or when the saved key no longer decodes.
    public var savedPosition: ListPosition<Key>? {
        guard mode != .disabled, let stored = cache.position(feed: feed, variant: variant) else { return nil }
        if stored.pageKey == Self.noKey { return ListPosition(pageKey: nil, loadSize: stored.loadSize, itemID: stored.itemID) }
        guard let key = Codec.key(from: stored.pageKey) else { return nil }
        return ListPosition(pageKey: key, loadSize: stored.loadSize, itemID: stored.itemID)
    }

    /// The text of no key (a first page asked for with none).
    static var noKey: String { "null" }

    /// Records where the list was left, replacing what was recorded before; nothing with
    /// `--no-cache`.
    /// - Parameter position: the page and the item.
    public func savePosition(_ position: ListPosition<Key>) {
        guard mode != .disabled, let key = Codec.text(of: position.pageKey) else { return }
        cache.savePosition(
            StoredPosition(pageKey: key, loadSize: position.loadSize, itemID: position.itemID), feed: feed, variant: variant,
            at: now())
    }
}
