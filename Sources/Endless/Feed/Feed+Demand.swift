// Deciding when to load: the view reports rows, the feed compares them with what is loaded.
extension Feed {
    /// Tells the feed a row is on screen: call it from SwiftUI's `onAppear`, or for the first
    /// and last rows on screen each time they change (``visibleRangeChanged(_:)`` says the
    /// same in one call).
    ///
    /// The feed remembers the rows on screen (a row reported grows that window, up to
    /// `prefetchDistance` rows, towards the side it moved) and keeps enough rows loaded, or
    /// on their way, on both sides of it, unless a direction has failed (it waits for
    /// ``retry()``) or reached its end. Calling it for the same row again and again is cheap
    /// and loads nothing twice.
    ///
    /// - Parameter index: the row's absolute index, as in ``items``; placeholders count too.
    public func itemAppeared(at index: Int) {
        demand.report(index, span: configuration.resolvedPrefetchDistance, at: clock.elapsed())
        publishIfChanged(checkDemand())
    }

    /// Tells the feed exactly which rows are on screen, replacing what it was told before:
    /// the one call a list view needs, each time its visible range changes.
    ///
    /// Rows reported before the first page lands load nothing then: there is no list to load
    /// ahead of yet. When it lands, the rows are clamped to the list: rows it reaches count
    /// (its last rows on screen load the next page at once), rows wholly past it are forgotten
    /// until the view reports again, as it does once it shows the rows.
    ///
    /// - Parameter range: the absolute indices on screen; placeholders count too. An empty
    ///   range changes nothing.
    public func visibleRangeChanged(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        demand.report(range, at: clock.elapsed())
        publishIfChanged(checkDemand())
    }

    /// Publishes a snapshot only if something a view shows changed: a snapshot consumer that
    /// reports rows on every snapshot must not be sent a new one for each report. When the
    /// report started nothing, nothing the load states derive from changed (every other change
    /// to the queues or the pages derives them itself), so a scroll within the loaded rows
    /// costs the comparison of the window with what is loaded, and writes nothing observed.
    private func publishIfChanged(_ started: Bool) {
        guard started else { return }
        updateLoadStates()
        publish()
    }

    /// Starts the loads the rows on screen call for, at both ends.
    ///
    /// - Returns: whether anything was started (or the window moved).
    @discardableResult
    func checkDemand() -> Bool {
        guard !isFetchingRefresh, !store.isEmpty else { return false }
        let moved = moveWindowIfFar()
        let appended = fill(.append)
        let prepended = fill(.prepend)
        return moved || appended || prepended
    }

    /// Adds loads at one end until enough rows are loaded or on their way past the rows on
    /// screen, within the bound on loads in flight and while nothing there has failed. The
    /// end's queue is read once (and again only after a load starts): every report of the
    /// rows on screen comes here, and most start nothing.
    private func fill(_ direction: LoadDirection) -> Bool {
        guard stopped.isEmpty || stopped[direction] == nil else { return false }
        var queue = summary(direction)
        guard !queue.hasFailure else { return false }
        let distance = prefetchDistance(direction)
        var started = false
        while queue.count < configuration.resolvedMaxConcurrentAppends {
            guard let ahead = rowsAhead(direction, coming: queue.coming), ahead < distance, launchNext(direction, after: queue.count) else {
                break
            }
            queue = summary(direction)
            started = true
        }
        return started
    }

    private func summary(_ direction: LoadDirection) -> PendingSummary {
        direction == .append ? pendingSummary.append : pendingSummary.prepend
    }

    /// Launches the next load at one end, after the `queued` loads there.
    ///
    /// - Returns: false when there is nothing to load there.
    private func launchNext(_ direction: LoadDirection, after queued: Int) -> Bool {
        guard let (request, speculative) = nextRequest(direction) else { return false }
        let expected = store.expectedCount(direction, offset: queued, loadSize: request.loadSize)
        launch(request, speculative: speculative, expectedCount: expected)
        return true
    }

    /// Rows loaded or `coming` (in flight) beyond the rows on screen at one end, or `nil` when
    /// nothing is known of the screen.
    private func rowsAhead(_ direction: LoadDirection, coming: Int) -> Int? {
        // The items' layout, not the items: not generic (see ``PendingSummary``).
        let layout = store.items.layout
        // A page that brought nothing new leaves nothing to appear: treat the empty list as
        // seen to its end, so the feed keeps loading (bounded by the duplicate-page limit).
        let window = demand.window ?? (layout.startIndex == layout.endIndex ? (layout.endIndex - 1)...(layout.endIndex - 1) : nil)
        guard let window else { return nil }
        return direction == .prepend
            ? window.lowerBound - (layout.startIndex - coming)
            : (layout.endIndex + coming) - 1 - window.upperBound
    }

    /// The next request at one end: a dropped page or the known next page, else (appends
    /// only) the key the source says follows the last one asked for.
    private func nextRequest(_ direction: LoadDirection) -> (PageRequest<Source.Key>, Bool)? {
        let queue = pending[direction] ?? []
        let pageSize = configuration.resolvedPageSize
        if let request = store.request(direction, offset: queue.count, pageSize: pageSize) { return (request, false) }
        guard direction == .append, queue.count > store.droppedAfter.count, let lastKey = queue.last?.request.key,
            let key = source.key(after: lastKey)
        else { return nil }
        return (PageRequest(direction: .append, key: key, loadSize: pageSize), true)
    }

    /// The rows to keep loaded or in flight past the rows on screen at one end: fixed, or from
    /// latency and speed, and never more than `maxLoadedItems` leaves room for (so what is
    /// prefetched at one end is never dropped for the other, and memory stays bounded).
    func prefetchDistance(_ direction: LoadDirection) -> Int {
        let minimum = configuration.resolvedPrefetchDistance
        guard let adaptive = configuration.adaptivePrefetch else { return minimum }
        let speed = demand.speed.rowsPerSecond(at: clock.elapsed())
        let isHeading = direction == .prepend ? demand.heading < 0 : demand.heading >= 0
        var distance = adaptive.distance(
            rowsPerSecond: direction == .prepend ? -speed : speed, isHeading: isHeading, latency: latency.seconds,
            pageSize: configuration.resolvedPageSize, minimum: minimum)
        if let maxLoaded = configuration.resolvedMaxLoadedItems {
            let span = demand.window.map { $0.count } ?? 0
            let room = maxLoaded - span - minimum - configuration.resolvedPageSize
            distance = max(minimum, min(distance, room))
        }
        return distance
    }
}
