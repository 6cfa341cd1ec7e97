import Endless

// The selection's one home: the row selected, moved along when the feed puts rows above it,
// and set again on the item selected when the list was left, once that item's page has landed.
extension FeedViewModel {
    /// The selected row. Reading it first brings it up to date: rows the feed put above a list
    /// opened in its middle move it down (and the scroll, through ``selectionMove``), and once
    /// the list holds the item waiting to be selected again (``itemToReselect``) it is selected.
    /// A key, a click or the quit can come before the next frame, so every read settles it.
    public var selection: Int {
        settleSelection()
        return selectedRow
    }

    /// How the last refresh (or rows put above the list) moved the selection to keep the same
    /// item selected, for the list to scroll by as much and keep it where it was on screen.
    public var selectionMove: SelectionMove? {
        settleSelection()
        return lastSelectionMove
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

    /// Follows the rows the feed put above the list since last called, then selects the item
    /// waiting to be selected again if the list holds it now. Cheap when nothing changed.
    func settleSelection() {
        let moved = feed.rowsAbove.rowsMoved(since: rowsAboveFollowed)
        rowsAboveFollowed = feed.rowsAbove
        if moved != 0 {
            selectedRow += moved
            lastSelectionMove = SelectionMove(delta: moved, serial: (lastSelectionMove?.serial ?? 0) + 1)
        }
        // After following: the item is found where it is now.
        if let id = itemToReselect, rowCount > 0 {
            itemToReselect = nil
            select(itemDescribedAs: id)
        }
    }
}
