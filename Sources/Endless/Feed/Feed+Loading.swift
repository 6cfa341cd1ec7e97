// Appends and prepends: a bounded queue of loads per end, committed strictly in order.
extension Feed {
    /// Re-runs what failed: the failed refresh, and every failed append and prepend load
    /// with the same keys (pages that landed after a failed one are kept and follow it once
    /// it succeeds). A direction stopped after pages of duplicates loads on. Does nothing
    /// when nothing has failed.
    ///
    /// Appends and prepends are re-run even while the refresh is retried: if the refresh
    /// succeeds their results are discarded, if it fails again they were not held up by it.
    public func retry() {
        if loadStates.refresh.error != nil, refreshTask == nil {
            startRefresh(scope: refreshScopeRunning)
        }
        for direction in [LoadDirection.append, .prepend] {
            if stopped.removeValue(forKey: direction) != nil { duplicatePageRuns[direction] = 0 }
            for index in (pending[direction] ?? []).indices where pending[direction]?[index].error != nil {
                guard let failed = pending[direction]?[index] else { continue }
                duplicatePageRuns[direction] = 0
                launch(
                    failed.request, speculative: failed.isSpeculative, expectedCount: failed.expectedCount,
                    replacing: index)
            }
        }
        checkDemand()
        updateLoadStates()
        publish()
    }

    /// Starts a load, at the end of its direction's queue or in place of a failed one. The task
    /// holds the feed weakly: a feed that goes away is not kept alive by its own loads.
    func launch(
        _ request: PageRequest<Source.Key>, speculative: Bool, expectedCount: Int, replacing index: Int? = nil
    ) {
        let direction = request.direction
        let id = nextLoadID
        nextLoadID += 1
        let load = PendingLoad<Source.Item, Source.Key>(
            id: id, request: request, isSpeculative: speculative, expectedCount: expectedCount)
        if let index { pending[direction]?[index] = load } else { pending[direction, default: []].append(load) }
        let source = self.source
        let clock = self.clock
        let task = Task { [weak self] in
            var attempt = 0
            while true {
                let started = clock.elapsed()
                let result: Result<Page<Source.Item, Source.Key>, any Error>
                do {
                    result = .success(try await source.load(request))
                } catch {
                    result = .failure(error)
                }
                if Task.isCancelled { return }
                attempt += 1
                // The strong reference lives only for this call, never across a wait.
                guard
                    let delay = self?.finished(
                        id, direction: direction, with: result, took: clock.elapsed() - started, attempt: attempt)
                else { return }
                do { try await clock.sleep(for: delay) } catch { return }
            }
        }
        lifetime.track(task, id: id)
    }

    /// Takes a load's result: waits out an automatic retry, or records it and commits what
    /// can be committed.
    ///
    /// - Returns: the wait before an automatic retry, or `nil` when the load is over.
    func finished(
        _ id: Int, direction: LoadDirection, with result: Result<Page<Source.Item, Source.Key>, any Error>,
        took: Duration, attempt: Int
    ) -> Duration? {
        // Discarded since (a refresh, or the window moved): this page belongs to a list that is gone.
        guard let index = pending[direction]?.firstIndex(where: { $0.id == id }) else { return nil }
        defer { publish() }
        switch result {
        case .success:
            latency.record(took)
        case .failure(let error):
            lastErrors[direction] = error
            if let delay = configuration.automaticRetry.delay(beforeRetry: attempt) { return delay }
        }
        lifetime.forget(id)
        pending[direction]?[index].result = result
        commitLanded(direction)
        checkDemand()
        updateLoadStates()
        return nil
    }

    /// Commits the pages at the front of a direction's queue that have landed, in order,
    /// stopping at one still in flight or failed.
    func commitLanded(_ direction: LoadDirection) {
        while stopped[direction] == nil, let head = pending[direction]?.first, case .success(let page) = head.result {
            do {
                try apply(page, for: head.request)
            } catch {
                // The page is not shown; retry() loads it again, and the pages after it wait.
                pending[direction]?[0].result = .failure(error)
                lastErrors[direction] = error
                return
            }
            pending[direction]?.removeFirst()
            confirmGuesses(after: page, direction: direction)
        }
    }

    /// Discards the loads ahead that were guessed from ``PageSource/key(after:)`` when the
    /// page just committed says otherwise (another next key, or the end of the list).
    private func confirmGuesses(after page: Page<Source.Item, Source.Key>, direction: LoadDirection) {
        guard let next = pending[direction]?.first, next.isSpeculative else { return }
        let onward = direction == .prepend ? page.previousKey : page.nextKey
        guard next.request.key != onward else { return }
        discardPending(direction)
    }

    /// Cancels and forgets every pending load of a direction.
    func discardPending(_ direction: LoadDirection) {
        for load in pending[direction] ?? [] { lifetime.cancel(load.id) }
        pending[direction] = nil
    }

    /// Adds a page at its end (after dropping far pages at the other end).
    func apply(_ page: Page<Source.Item, Source.Key>, for request: PageRequest<Source.Key>) throws {
        let direction = request.direction
        let ownKey = page.key ?? request.key
        let onwardKey = direction == .prepend ? page.previousKey : page.nextKey
        if let onwardKey, onwardKey == ownKey {
            throw FeedError.repeatedKey(direction: direction, key: String(describing: onwardKey))
        }

        // Drop before adding, so the window never holds more than the bound plus a page.
        dropFarPages(before: direction, incoming: page.items.count)
        let isReload = store.nextIsReload(direction)
        let added = try store.add(page, request: request)
        if direction == .prepend, !isReload {
            demand.shift(by: added)
            rowsAbove.count += added
        }
        lastErrors[direction] = nil

        let canContinue = store.request(direction, offset: 0, pageSize: configuration.resolvedPageSize) != nil
        let run = added == 0 ? (duplicatePageRuns[direction] ?? 0) + 1 : 0
        duplicatePageRuns[direction] = run
        if canContinue, run >= configuration.resolvedMaxConsecutiveDuplicatePages {
            let error = FeedError.onlyDuplicatePages(direction: direction, count: run)
            stopped[direction] = error
            lastErrors[direction] = error
        }
    }

    /// Derives each direction's state from its queue, so no path can leave one stale: failed
    /// when the next page to commit failed (or the direction stopped), loading while a page is
    /// in flight, else idle, or endReached where the list ends.
    ///
    /// - Returns: whether a state (or the count of loads in flight) changed.
    @discardableResult
    func updateLoadStates() -> Bool {
        var changed = false
        for direction in [LoadDirection.append, .prepend] {
            let queue = pending[direction] ?? []
            let state: LoadState
            if let error = queue.first?.error ?? stopped[direction] {
                state = .failed(error)
            } else if queue.contains(where: { $0.isInFlight }) {
                state = .loading
            } else if !queue.isEmpty
                || store.request(direction, offset: 0, pageSize: configuration.resolvedPageSize) != nil
                || store.isEmpty
            {
                state = .idle
            } else {
                state = .endReached
            }
            // Only real changes: a view redrawing on every assignment would report again.
            if !loadStates[direction].isSame(as: state) {
                loadStates[direction] = state
                changed = true
            }
        }
        let inFlight =
            [LoadDirection.append, .prepend].reduce(0) { $0 + (pending[$1] ?? []).count(where: { $0.isInFlight }) }
            + (isFetchingRefresh ? refreshRequestCount : 0)
        if loadsInFlight != inFlight {
            loadsInFlight = inFlight
            changed = true
        }
        return changed
    }
}
