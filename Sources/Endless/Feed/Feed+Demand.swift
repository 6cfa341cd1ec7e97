// Deciding when to load: the view reports rows, the feed compares them with what is loaded.
extension Feed {
    /// Tells the feed a row is on screen. The only signal a view needs to send: call it from
    /// SwiftUI's `onAppear`, or for every row in a list's visible range each time it changes.
    ///
    /// If fewer than `prefetchDistance` items are loaded beyond `index` (or before it, when
    /// pages were dropped above), the feed loads the next page, unless that direction is
    /// already loading (then the demand is remembered and served when the page lands), has
    /// failed (it waits for ``retry()``), or has reached its end. Calling it for the same row
    /// again and again is cheap and loads nothing twice.
    ///
    /// - Parameter index: the row's absolute index, as in ``items``; placeholders count too.
    public func itemAppeared(at index: Int) {
        demand.merge(index, appendLoading: loadStates.append.isLoading, prependLoading: loadStates.prepend.isLoading)
        checkDemand(append: index, prepend: index)
    }

    /// Starts the appends and prepends the given positions call for.
    func checkDemand(append appendPosition: Int?, prepend prependPosition: Int?) {
        guard !isFetchingRefresh, !store.isEmpty else { return }
        let items = store.items
        let distance = configuration.resolvedPrefetchDistance
        // A page that brought nothing new leaves nothing to appear: treat the empty list as
        // seen to its end, so the feed keeps loading (bounded by the duplicate-page limit).
        let fallback: Int? = items.isEmpty ? items.endIndex - 1 : nil

        if loadStates.append.isIdle, let request = store.appendRequest(pageSize: configuration.resolvedPageSize),
            let position = appendPosition ?? fallback, items.endIndex - 1 - position < distance
        {
            startLoad(request)
        }
        if loadStates.prepend.isIdle, let request = store.prependRequest(pageSize: configuration.resolvedPageSize),
            let position = prependPosition ?? fallback.map({ _ in items.startIndex }),
            position - items.startIndex < distance
        {
            startLoad(request)
        }
    }

    /// Drops pages at the far end before a page of `incoming` items is added, while the
    /// loaded items exceed `maxLoadedItems`.
    ///
    /// A page goes only if the items left between it and the rows seen (`position`, and the
    /// last row seen) are still at least `prefetchDistance`, so the drop never makes the feed
    /// reload it at once (no thrashing), and only if nothing is loading or failed at that end
    /// (a load there is anchored on it). So the bound can be passed by a page or two while the
    /// rows seen span more than it; the next page that lands at either end trims it again.
    func dropFarPages(before direction: LoadDirection, incoming: Int, position: Int?) {
        guard let maxLoaded = configuration.resolvedMaxLoadedItems, let loadPosition = position else { return }
        let distance = configuration.resolvedPrefetchDistance
        let farEnd: LoadDirection = direction == .prepend ? .append : .prepend
        // Judge by the row nearest the far end: the furthest row merged during the load may be
        // behind the person already (they scrolled back while it loaded).
        let lastSeen = demand.lastSeen ?? loadPosition
        let position = farEnd == .prepend ? min(loadPosition, lastSeen) : max(loadPosition, lastSeen)
        let farState = loadStates[farEnd]
        guard !farState.isLoading, farState.error == nil else { return }

        while store.items.count + incoming > maxLoaded {
            let items = store.items
            if farEnd == .prepend {
                guard let firstCount = items.pages.first?.count,
                    position - (items.startIndex + firstCount) >= distance
                else { return }
            } else {
                guard let lastCount = items.pages.last?.count,
                    (items.endIndex - lastCount - 1) - position >= distance
                else { return }
            }
            guard store.dropPage(atEnd: farEnd == .append) else { return }
            // The far end is no longer the end of the list: the dropped page can come back.
            if loadStates[farEnd].isEndReached { loadStates[farEnd] = .idle }
        }
    }
}
