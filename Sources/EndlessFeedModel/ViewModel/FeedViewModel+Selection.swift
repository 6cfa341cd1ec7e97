import Endless
import Observation

// The selection's one home: the row selected, moved along when the feed puts rows above it,
// and set again on the item selected when the list was left, once that item's page has landed.
//
// Reading never changes anything (a SwiftUI view reads the selection in its `body`, where a
// change would be state modified during a view update): the events that move the selection
// settle it, the feed's items changing (observed) and every intent that sets it. Between a
// page landing and the settling that follows it on the main actor, a read works out the
// settled value without storing it, so a key, a click or the quit sees the same row.
extension FeedViewModel {
    /// The selected row, up to date: rows the feed put above a list opened in its middle move
    /// it down (and the scroll, through ``selectionMove``), and once the list holds the item
    /// waiting to be selected again (``itemToReselect``) it is that item's row. Reading it
    /// changes nothing.
    public var selection: Int {
        let row = selectedRow + feed.rowsAbove.rowsMoved(since: rowsAboveFollowed)
        guard let id = pendingReselection, rowCount > 0 else { return row }
        return index(describedAs: id) ?? row
    }

    /// How the last refresh (or rows put above the list) moved the selection to keep the same
    /// item selected, for the list to scroll by as much and keep it where it was on screen.
    /// Reading it changes nothing.
    public var selectionMove: SelectionMove? {
        let moved = feed.rowsAbove.rowsMoved(since: rowsAboveFollowed)
        guard moved != 0 else { return lastSelectionMove }
        return SelectionMove(delta: moved, serial: (lastSelectionMove?.serial ?? 0) + 1)
    }

    /// The item to select again once the list holds it (the one selected when the list was
    /// left), as `String(describing:)` of its id; nil when none is waiting: there was none,
    /// or the list has rows now (it was selected if they hold it).
    public var itemToReselect: String? {
        guard let id = pendingReselection, rowCount == 0 else { return nil }
        return id
    }

    /// Selects the item whose id reads `itemID`, once the list holds it.
    /// - Parameter itemID: `String(describing:)` of the item's id.
    /// - Returns: whether it was found.
    @discardableResult
    public func select(itemDescribedAs itemID: String) -> Bool {
        guard let index = index(describedAs: itemID) else { return false }
        select(index)
        return true
    }

    /// The row of the loaded item whose id reads `itemID`.
    func index(describedAs itemID: String) -> Int? {
        feed.items.firstIndex { String(describing: $0.id) == itemID }
    }

    /// Stores what ``selection`` and ``selectionMove`` work out: follows the rows the feed put
    /// above the list since last called, then selects the item waiting to be selected again if
    /// the list holds it now. Called before the selection is set, and after the items change.
    /// Cheap when nothing changed.
    func settleSelection() {
        let moved = feed.rowsAbove.rowsMoved(since: rowsAboveFollowed)
        if feed.rowsAbove != rowsAboveFollowed { rowsAboveFollowed = feed.rowsAbove }
        if moved != 0 {
            selectedRow += moved
            lastSelectionMove = SelectionMove(delta: moved, serial: (lastSelectionMove?.serial ?? 0) + 1)
        }
        // After following: the item is found where it is now.
        if let id = pendingReselection, rowCount > 0 {
            pendingReselection = nil
            select(itemDescribedAs: id)
        }
    }

    /// Settles the selection each time the feed's items change (a page landed, rows were put
    /// above, a refresh replaced the list), on the main actor right after the change.
    func settleSelectionWhenItemsChange() {
        withObservationTracking {
            _ = feed.items
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self else { return }
                self.settleSelection()
                self.settleSelectionWhenItemsChange()
            }
        }
    }
}
