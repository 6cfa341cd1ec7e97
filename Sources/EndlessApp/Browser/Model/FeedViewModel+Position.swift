import Endless
import EndlessCache

// Where the list was left: saved at quit, opened on at launch (`Feed(openingKey:)`).
extension FeedViewModel {
    /// The page and item selected now, to open on next time; nil while nothing is selected
    /// (an empty list, a placeholder row).
    public var position: ListPosition<Source.Key>? {
        guard let item = feed.items.item(at: selection), let page = feed.page(containing: selection) else { return nil }
        return ListPosition(pageKey: page.key, loadSize: page.loadSize, itemID: String(describing: item.id))
    }

    /// Selects the item whose id reads `itemID`, once the list holds it.
    /// - Parameter itemID: `String(describing:)` of the item's id.
    /// - Returns: whether it was found.
    @discardableResult
    public func select(itemDescribedAs itemID: String) -> Bool {
        guard let index = feed.items.firstIndex(where: { String(describing: $0.id) == itemID }) else { return false }
        select(index)
        return true
    }

    /// Moves the selection down by the rows the feed put above the list since last called
    /// (a list opened in its middle, scrolled up), so it stays on its item; the scroll
    /// follows through ``selectionMove``. Call before drawing.
    public func followRowsAbove() {
        let moved = feed.rowsAbove.rowsMoved(since: rowsAboveFollowed)
        rowsAboveFollowed = feed.rowsAbove
        guard moved != 0 else { return }
        selection += moved
        selectionMove = SelectionMove(delta: moved, serial: (selectionMove?.serial ?? 0) + 1)
    }
}
