// Keeping memory bounded: dropping far pages, and going straight to rows far from the window.
extension Feed {
    /// Drops pages at the far end before a page of `incoming` items is added, while the
    /// loaded items exceed `maxLoadedItems`.
    ///
    /// A page goes only if at least the prefetch distance of that end (`prefetchDistance`, or
    /// the adaptive one) stays between it and the rows on screen, so the drop never makes the
    /// feed reload it at once (no thrashing), and only if
    /// nothing is pending or failed at that end (a load there is anchored on it). So the bound
    /// can be passed by a page or two while the rows on screen span more than it; the next
    /// page that lands at either end trims it again.
    func dropFarPages(before direction: LoadDirection, incoming: Int) {
        guard let maxLoaded = configuration.resolvedMaxLoadedItems, let window = demand.window else { return }
        let farEnd: LoadDirection = direction == .prepend ? .append : .prepend
        let distance = prefetchDistance(farEnd)
        guard (pending[farEnd] ?? []).isEmpty, stopped[farEnd] == nil else { return }

        while store.items.count + incoming > maxLoaded {
            let items = store.items
            if farEnd == .prepend {
                guard let firstCount = items.pages.first?.count,
                    window.lowerBound - (items.startIndex + firstCount) >= distance
                else { return }
            } else {
                guard let lastCount = items.pages.last?.count,
                    (items.endIndex - lastCount - 1) - window.upperBound >= distance
                else { return }
            }
            guard store.dropPage(atEnd: farEnd == .append) else { return }
        }
    }

    /// When every row on screen lies beyond the dropped pages one round of loads could bring
    /// back (after a jump to the top, or a scroll faster than the pages came), unloads the
    /// window and puts it at the page under the first row on screen: the feed then loads the
    /// rows the person sees, in a trip or two, instead of every page in between, each of which
    /// could fail far from the screen. Loads in flight at the old window are cancelled.
    ///
    /// - Returns: whether the window moved.
    func moveWindowIfFar() -> Bool {
        guard let window = demand.window, configuration.resolvedMaxLoadedItems != nil else { return false }
        let items = store.items
        let nearest: Int
        if window.upperBound < items.startIndex {
            nearest = window.upperBound
        } else if window.lowerBound >= items.endIndex {
            nearest = window.lowerBound
        } else {
            return false
        }
        guard let away = store.droppedPagesAway(to: nearest), away > configuration.resolvedMaxConcurrentAppends,
            let target = store.droppedPlace(containing: window.lowerBound)
        else { return false }
        var moved = store
        guard moved.moveWindow(toRecordAt: target) else { return false }
        for direction in [LoadDirection.append, .prepend] {
            discardPending(direction)
            stopped[direction] = nil
            duplicatePageRuns[direction] = 0
        }
        store = moved
        return true
    }
}
