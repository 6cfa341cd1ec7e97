// Refresh: replace everything with a new first page, without ever showing an empty list.
extension Feed {
    /// Loads the first page if nothing has been loaded or tried yet. Safe to call on every
    /// appearance of a view: once a first load has started (even if it failed) this does
    /// nothing, so a failing source is not hit again until ``retry()`` or ``refresh(ignoringCooldown:scope:)``.
    /// Not subject to the refresh cooldown.
    public func loadFirstPageIfNeeded() {
        guard store.isEmpty, refreshTask == nil, lastRefreshStart == nil else { return }
        startRefresh(scope: nil)
    }

    /// Reloads the list, for pull-to-refresh: its first page, or with
    /// `FeedConfiguration.refreshScope` set to `loadedPages` the loaded pages around the rows
    /// on screen.
    ///
    /// Returns when the refreshed pages have replaced the items (at once, in one change) or the
    /// load has failed (the old items stay, and `loadStates.refresh` is failed), but never
    /// before `minimumIndicatorDuration` has passed since it started, so a spinner tied to this
    /// call does not flicker. Appends and prepends in flight are cancelled and their results
    /// discarded. Calling it while a refresh runs joins that refresh instead of starting another.
    /// Calling it within `refreshCooldown` of the last refresh loads nothing and reports how long
    /// to wait. If the calling task is cancelled, the refresh still completes (the feed owns it).
    ///
    /// To keep the person's place, scroll to ``refreshAnchorIndex`` after it returns
    /// ``RefreshOutcome/refreshed``: the new index of the item first on screen when the refresh
    /// started, or `nil` (show the top) when that item is gone.
    ///
    /// - Parameters:
    ///   - ignoringCooldown: true for a refresh the app starts itself rather than a
    ///     person's pull: revalidating a list that opened from a cache, once, at once. The
    ///     cooldown guards a rate-limited API against repeated pulls; it still starts anew.
    ///   - scope: what to reload, when not `FeedConfiguration.refreshScope`: revalidating a
    ///     list that opened where it was left reloads the pages on screen, not the first.
    /// - Returns: ``RefreshOutcome/refreshed``, ``RefreshOutcome/failed(_:)`` or
    ///   ``RefreshOutcome/coolingDown(remaining:)``.
    @discardableResult
    public func refresh(ignoringCooldown: Bool = false, scope: RefreshScope? = nil) async -> RefreshOutcome {
        if let refreshTask { return await refreshTask.value }
        let remaining = refreshAvailableIn
        if remaining > .zero, !ignoringCooldown { return .coolingDown(remaining: remaining) }
        return await startRefresh(scope: scope ?? configuration.refreshScope).value
    }

    @discardableResult
    func startRefresh(scope: RefreshScope?) -> Task<RefreshOutcome, Never> {
        // Supersede: pending appends and prepends belong to the list this refresh replaces.
        // A failed one stays, alone: it is what retry() re-runs if this refresh fails.
        generation += 1
        for direction in [LoadDirection.append, .prepend] {
            guard let queue = pending[direction], !queue.isEmpty else { continue }
            let failedHead = queue[0].error != nil ? queue[0] : nil
            discardPending(direction)
            if let failedHead { pending[direction] = [failedHead] }
        }
        // The first loaded row on screen: the place to keep.
        let items = store.items
        let anchor = demand.window.flatMap { window in window.lazy.compactMap { items.item(at: $0)?.id }.first }
        let (requests, firstPage) = refreshRequests(scope: scope)
        refreshScopeRunning = scope
        isFetchingRefresh = true
        refreshRequestCount = requests.count
        loadStates.refresh = .loading
        let startedAt = clock.elapsed()
        // Set only when it changes, as a tracked property tells its observers (see SignalObserved).
        if lastRefreshStart != startedAt { lastRefreshStart = startedAt }
        updateLoadStates()

        let generation = self.generation
        let source = self.source
        let clock = self.clock
        let indicatorEnd = startedAt + configuration.minimumIndicatorDuration
        let id = nextLoadID
        nextLoadID += 1
        let task = Task { [weak self] () -> RefreshOutcome in
            let results = await Self.loadAll(requests, from: source)
            guard !Task.isCancelled,
                let outcome = self?.commitRefresh(
                    requests, with: results, replacingFrom: firstPage, anchor: anchor, generation: generation,
                    took: clock.elapsed() - startedAt)
            else { return .failed(CancellationError()) }
            // Hold the loading state (and the caller) until the indicator has shown long enough.
            do { try await clock.sleepUntil(indicatorEnd) } catch { return outcome }
            self?.finishRefresh(outcome, id: id)
            return outcome
        }
        refreshTask = task
        lifetime.track(task, id: id)
        publish()
        return task
    }

    /// What a refresh loads: the first page, or the loaded pages around the first row on
    /// screen (at most `maxPages`), with the index of the first of them among the loaded
    /// pages (`nil`: replace everything).
    private func refreshRequests(scope: RefreshScope?) -> ([PageRequest<Source.Key>], Int?) {
        // Until the list has opened (a retry of a failed opening included), it opens where asked.
        let first = [PageRequest(direction: .refresh, key: openingKey ?? initialKey, loadSize: configuration.resolvedInitialLoadSize)]
        guard case .loadedPages = scope, let window = demand.window,
            store.items.isLoaded(window.lowerBound),
            // A page that no longer fits its placeholders means the source changed: start over.
            ![loadStates.append.error, loadStates.prepend.error].contains(where: { $0 is FeedError })
        else { return (first, nil) }
        let keys = store.pageKeys
        let maxPages = configuration.resolvedRefreshPages
        let anchorPage = store.items.pageIndex(containing: window.lowerBound)
        let start = max(0, min(anchorPage - (maxPages - 1) / 2, keys.count - maxPages))
        let chosen = start..<min(keys.count, start + maxPages)
        var requests: [PageRequest<Source.Key>] = []
        for page in chosen {
            guard let key = keys[page] else { return (first, nil) }
            requests.append(PageRequest(direction: .refresh, key: key, loadSize: store.loaded[page].loadSize))
        }
        return (requests, start)
    }

    /// Loads every page of a refresh at once; the results come back in request order.
    private nonisolated static func loadAll(_ requests: [PageRequest<Source.Key>], from source: Source) async
        -> [Result<Page<Source.Item, Source.Key>, any Error>]
    {
        await withTaskGroup(of: (Int, Result<Page<Source.Item, Source.Key>, any Error>).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await source.load(request)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<Page<Source.Item, Source.Key>, any Error>?](repeating: nil, count: requests.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0 ?? .failure(CancellationError()) }
        }
    }

    /// Applies the refresh result at once; the refresh state stays `loading` until
    /// ``finishRefresh(_:id:)``.
    func commitRefresh(
        _ requests: [PageRequest<Source.Key>], with results: [Result<Page<Source.Item, Source.Key>, any Error>],
        replacingFrom firstPage: Int?, anchor: Source.Item.ID?, generation: Int, took: Duration
    ) -> RefreshOutcome? {
        guard generation == self.generation else { return nil }
        isFetchingRefresh = false
        defer {
            updateLoadStates()
            publish()
        }
        var pages: [Page<Source.Item, Source.Key>] = []
        for (request, result) in zip(requests, results) {
            switch result {
            case .failure(let error):
                return refreshFailed(error)
            case .success(let page):
                let ownKey = page.key ?? request.key
                if let next = page.nextKey, next == ownKey {
                    return refreshFailed(FeedError.repeatedKey(direction: .append, key: String(describing: next)))
                }
                pages.append(page)
            }
        }
        latency.record(took)
        // Everything pending belonged to the old list.
        for direction in [LoadDirection.append, .prepend] { discardPending(direction) }
        if let firstPage {
            // Rows above the refreshed pages keep their indices.
            store.replaceLoaded(from: firstPage, with: Array(zip(pages, requests)))
        } else if let page = pages.first {
            store.reset(with: page, request: requests[0])
        }
        stopped = [:]
        lastErrors = [:]
        duplicatePageRuns = [:]
        openingKey = nil
        rowsAbove = RowsAbove(list: rowsAbove.list + 1, count: 0)
        let anchorIndex = anchor.flatMap { store.index(of: $0) }
        if refreshAnchorIndex != anchorIndex { refreshAnchorIndex = anchorIndex }
        // Rows on screen beyond the new list belonged to the old one; the view reports where it is.
        demand.clamp(toCount: store.items.totalCount)
        // A first page with nothing new in it gives no row to appear: load on by itself.
        checkDemand()
        return .refreshed
    }

    private func refreshFailed(_ error: any Error) -> RefreshOutcome {
        lastErrors[.refresh] = error
        // The old items stay; whatever the person was waiting for at either end can load now.
        checkDemand()
        return .failed(error)
    }

    /// Ends the refresh indicator.
    func finishRefresh(_ outcome: RefreshOutcome, id: Int) {
        refreshTask = nil
        lifetime.forget(id)
        if case .failed(let error) = outcome {
            loadStates.refresh = .failed(error)
        } else {
            loadStates.refresh = .idle
        }
        publish()
    }
}
