import EndlessTerminal

/// Where a list is: the selected item and the first item shown. The app keeps it between
/// frames; ``ListView`` reads and adjusts it.
public struct ListState: Hashable, Sendable {
    /// The selected item, or nil for none.
    public var selection: Int?
    /// The first item shown at the top of the list.
    public var offset: Int
    /// Items kept visible above and below the selection when it moves, like vim's
    /// `scrolloff`, so the next item is always in view.
    public var margin: Int

    /// Creates a list position.
    ///
    /// - Parameters:
    ///   - selection: the selected item.
    ///   - offset: the first item shown.
    ///   - margin: items kept visible around the selection.
    public init(selection: Int? = 0, offset: Int = 0, margin: Int = 1) {
        self.selection = selection
        self.offset = max(0, offset)
        self.margin = max(0, margin)
    }

    /// Moves the selection by `delta` items, clamped to the list, and scrolls to keep it visible.
    ///
    /// - Parameters:
    ///   - delta: items to move, negative for up.
    ///   - itemCount: items in the list.
    ///   - visibleItems: items that fit on screen (``ListView/visibleItemCount(height:)``).
    public mutating func moveSelection(by delta: Int, itemCount: Int, visibleItems: Int) {
        guard itemCount > 0 else {
            selection = nil
            offset = 0
            return
        }
        let current = selection ?? (delta >= 0 ? -1 : itemCount)
        selection = min(max(0, current + delta), itemCount - 1)
        ensureSelectionVisible(itemCount: itemCount, visibleItems: visibleItems)
    }

    /// Selects an item (clamped), and scrolls to keep it visible.
    ///
    /// - Parameters:
    ///   - index: the item, or nil for none.
    ///   - itemCount: items in the list.
    ///   - visibleItems: items that fit on screen.
    public mutating func select(_ index: Int?, itemCount: Int, visibleItems: Int) {
        guard let index, itemCount > 0 else {
            selection = nil
            return
        }
        selection = min(max(0, index), itemCount - 1)
        ensureSelectionVisible(itemCount: itemCount, visibleItems: visibleItems)
    }

    /// Scrolls the view by `delta` items (the mouse wheel), dragging the selection along
    /// when it would leave the screen.
    ///
    /// - Parameters:
    ///   - delta: items to scroll, negative for up.
    ///   - itemCount: items in the list.
    ///   - visibleItems: items that fit on screen.
    public mutating func scroll(by delta: Int, itemCount: Int, visibleItems: Int) {
        offset = clampedOffset(offset + delta, itemCount: itemCount, visibleItems: visibleItems)
        guard let selected = selection, visibleItems > 0 else { return }
        let margin = effectiveMargin(visibleItems)
        let top = offset + (offset > 0 ? margin : 0)
        let bottom = offset + visibleItems - 1 - (offset + visibleItems < itemCount ? margin : 0)
        if selected < top { selection = min(top, itemCount - 1) }
        if selected > bottom { selection = max(0, bottom) }
    }

    /// Adjusts the offset so the selection (and `margin` items around it) is on screen, and
    /// the offset stays within the list.
    ///
    /// - Parameters:
    ///   - itemCount: items in the list.
    ///   - visibleItems: items that fit on screen.
    public mutating func ensureSelectionVisible(itemCount: Int, visibleItems: Int) {
        if let selected = selection, itemCount > 0 {
            selection = min(max(0, selected), itemCount - 1)
        }
        guard let selected = selection, visibleItems > 0 else {
            offset = clampedOffset(offset, itemCount: itemCount, visibleItems: visibleItems)
            return
        }
        let margin = effectiveMargin(visibleItems)
        if selected - margin < offset { offset = selected - margin }
        if selected + margin >= offset + visibleItems { offset = selected + margin - visibleItems + 1 }
        offset = clampedOffset(offset, itemCount: itemCount, visibleItems: visibleItems)
    }

    private func effectiveMargin(_ visibleItems: Int) -> Int {
        min(margin, max(0, (visibleItems - 1) / 2))
    }

    private func clampedOffset(_ value: Int, itemCount: Int, visibleItems: Int) -> Int {
        min(max(0, value), max(0, itemCount - max(1, visibleItems)))
    }
}
