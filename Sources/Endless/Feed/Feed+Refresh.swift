// Refresh: replace everything with a new first page, without ever showing an empty list.
extension Feed {
    /// Loads the first page if nothing has been loaded or tried yet. Safe to call on every
    /// appearance of a view: once a first load has started (even if it failed) this does
    /// nothing, so a failing source is not hit again until ``retry()`` or ``refresh()``.
    /// Not subject to the refresh cooldown.
    public func loadFirstPageIfNeeded() {
        guard store.isEmpty, refreshTask == nil, lastRefreshStart == nil else { return }
        startRefresh(key: nil)
    }

    /// Reloads the list from its first page, for pull-to-refresh.
    ///
    /// Returns when the new first page has replaced the items (at once, in one change) or the
    /// load has failed (the old items stay, and `loadStates.refresh` is failed), but never
    /// before `minimumIndicatorDuration` has passed since it started, so a spinner tied to this
    /// call does not flicker. Appends and prepends in flight are cancelled and their results
    /// discarded. Calling it while a refresh runs joins that refresh instead of starting another.
    /// Calling it within `refreshCooldown` of the last refresh loads nothing and reports how long
    /// to wait. If the calling task is cancelled, the refresh still completes (the feed owns it).
    ///
    /// - Returns: ``RefreshOutcome/refreshed``, ``RefreshOutcome/failed(_:)`` or
    ///   ``RefreshOutcome/coolingDown(remaining:)``.
    @discardableResult
    public func refresh() async -> RefreshOutcome {
        if let refreshTask { return await refreshTask.value }
        let remaining = refreshAvailableIn
        if remaining > .zero { return .coolingDown(remaining: remaining) }
        return await startRefresh(key: nil).value
    }

    @discardableResult
    func startRefresh(key: Source.Key?) -> Task<RefreshOutcome, Never> {
        // Supersede: appends and prepends belong to the list this refresh replaces.
        generation += 1
        for direction in [LoadDirection.append, .prepend] where loadStates[direction].isLoading {
            lifetime.cancel(direction)
            loadStates[direction] = .idle
        }
        demand.appendHint = nil
        demand.prependHint = nil
        isFetchingRefresh = true
        loadStates.refresh = .loading
        let startedAt = clock.now()
        lastRefreshStart = startedAt

        let request = PageRequest(
            direction: .refresh, key: key ?? initialKey, loadSize: configuration.resolvedInitialLoadSize)
        let generation = self.generation
        let source = self.source
        let clock = self.clock
        let indicatorEnd = startedAt + configuration.minimumIndicatorDuration
        let task = Task { [weak self] () -> RefreshOutcome in
            let result: Result<Page<Source.Item, Source.Key>, any Error>
            do {
                result = .success(try await source.load(request))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled,
                let outcome = self?.commitRefresh(request, with: result, generation: generation)
            else { return .failed(CancellationError()) }
            // Hold the loading state (and the caller) until the indicator has shown long enough.
            do { try await clock.sleepUntil(indicatorEnd) } catch { return outcome }
            self?.finishRefresh(outcome)
            return outcome
        }
        refreshTask = task
        lifetime.track(task, for: .refresh)
        publish()
        return task
    }

    /// Applies the refresh result at once; the refresh state stays `loading` until
    /// ``finishRefresh(_:)``.
    func commitRefresh(
        _ request: PageRequest<Source.Key>, with result: Result<Page<Source.Item, Source.Key>, any Error>,
        generation: Int
    ) -> RefreshOutcome? {
        guard generation == self.generation else { return nil }
        isFetchingRefresh = false
        defer { publish() }
        switch result {
        case .success(let page):
            let ownKey = page.key ?? request.key
            if let next = page.nextKey, next == ownKey {
                return refreshFailed(request, FeedError.repeatedKey(direction: .append, key: String(describing: next)))
            }
            store.reset(with: page, request: request)
            loadStates.append = page.nextKey == nil ? .endReached : .idle
            loadStates.prepend = page.previousKey == nil ? .endReached : .idle
            lastErrors = [:]
            failedRequests = [:]
            duplicatePageRuns = [:]
            // Rows seen belonged to the old list; the view reports the new ones as they appear.
            demand = Demand()
            // A first page with nothing new in it gives no row to appear: load on by itself.
            checkDemand(append: nil, prepend: nil)
            return .refreshed
        case .failure(let error):
            return refreshFailed(request, error)
        }
    }

    private func refreshFailed(_ request: PageRequest<Source.Key>, _ error: any Error) -> RefreshOutcome {
        lastErrors[.refresh] = error
        failedRequests[.refresh] = request
        // The old items stay; whatever the person was waiting for at either end can load now.
        checkDemand(append: demand.lastSeen, prepend: demand.lastSeen)
        return .failed(error)
    }

    /// Ends the refresh indicator.
    func finishRefresh(_ outcome: RefreshOutcome) {
        refreshTask = nil
        if case .failed(let error) = outcome {
            loadStates.refresh = .failed(error)
        } else {
            loadStates.refresh = .idle
        }
        publish()
    }
}
