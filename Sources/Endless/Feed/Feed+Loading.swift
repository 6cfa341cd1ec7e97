// Appends and prepends: one task per direction, its result applied only if still current.
extension Feed {
    /// Re-runs what failed: the failed refresh if the refresh failed (appends wait for it),
    /// otherwise the failed append and prepend loads, with the same keys. Does nothing when
    /// nothing has failed.
    public func retry() {
        if loadStates.refresh.error != nil {
            if refreshTask == nil { startRefresh(key: failedRequests[.refresh]?.key) }
            return
        }
        for direction in [LoadDirection.append, .prepend] where loadStates[direction].error != nil {
            duplicatePageRuns[direction] = 0
            if let request = failedRequests[direction] {
                startLoad(request)
            } else {
                // Stopped after pages of duplicates: nothing to re-run, just load on.
                loadStates[direction] = .idle
                checkDemand(append: demand.lastSeen, prepend: demand.lastSeen)
            }
        }
        publish()
    }

    /// Starts an append or prepend. The task holds the feed weakly: a feed that goes away is
    /// not kept alive by its own loads.
    func startLoad(_ request: PageRequest<Source.Key>) {
        let direction = request.direction
        loadStates[direction] = .loading
        failedRequests[direction] = nil
        let generation = self.generation
        let source = self.source
        let clock = self.clock
        let task = Task { [weak self] in
            var retry = 0
            while true {
                let result: Result<Page<Source.Item, Source.Key>, any Error>
                do {
                    result = .success(try await source.load(request))
                } catch {
                    result = .failure(error)
                }
                if Task.isCancelled { return }
                retry += 1
                // The strong reference lives only for this call, never across a wait.
                guard let delay = self?.complete(request, with: result, generation: generation, retry: retry) else {
                    return
                }
                do { try await clock.sleep(for: delay) } catch { return }
            }
        }
        lifetime.track(task, for: direction)
        publish()
    }

    /// Applies a finished append or prepend.
    ///
    /// - Returns: the wait before an automatic retry, or `nil` when the load is over.
    func complete(
        _ request: PageRequest<Source.Key>, with result: Result<Page<Source.Item, Source.Key>, any Error>,
        generation: Int, retry: Int
    ) -> Duration? {
        // A refresh started since: this page belongs to a list that is gone.
        guard generation == self.generation else { return nil }
        let direction = request.direction
        defer { publish() }
        switch result {
        case .success(let page):
            do {
                try apply(page, for: request)
            } catch {
                fail(request, error)
            }
            return nil
        case .failure(let error):
            lastErrors[direction] = error
            if let delay = configuration.automaticRetry.delay(beforeRetry: retry) { return delay }
            fail(request, error)
            return nil
        }
    }

    /// Adds a page at its end, drops far pages at the other, and loads on if still needed.
    func apply(_ page: Page<Source.Item, Source.Key>, for request: PageRequest<Source.Key>) throws {
        let direction = request.direction
        let ownKey = page.key ?? request.key
        let onwardKey = direction == .prepend ? page.previousKey : page.nextKey
        if let onwardKey, onwardKey == ownKey {
            throw FeedError.repeatedKey(direction: direction, key: String(describing: onwardKey))
        }

        let position = demand.take(direction)
        // Drop before adding: the new page is then checked for duplicates against the same
        // window it will be checked against when it is reloaded, so reloads fit exactly.
        dropFarPages(before: direction, incoming: page.items.count, position: position)
        let isReload = direction == .prepend ? !store.droppedBefore.isEmpty : !store.droppedAfter.isEmpty
        let added = try store.add(page, request: request)
        if direction == .prepend, !isReload { demand.shift(by: added) }
        lastErrors[direction] = nil

        let canContinue =
            direction == .prepend
            ? store.prependRequest(pageSize: configuration.resolvedPageSize) != nil
            : store.appendRequest(pageSize: configuration.resolvedPageSize) != nil
        loadStates[direction] = canContinue ? .idle : .endReached

        let run = added == 0 ? (duplicatePageRuns[direction] ?? 0) + 1 : 0
        duplicatePageRuns[direction] = run
        if canContinue, run >= configuration.resolvedMaxConsecutiveDuplicatePages {
            let error = FeedError.onlyDuplicatePages(direction: direction, count: run)
            loadStates[direction] = .failed(error)
            lastErrors[direction] = error
            return
        }

        let shifted = direction == .prepend && !isReload ? position.map { $0 + added } : position
        if direction == .prepend {
            checkDemand(append: demand.lastSeen, prepend: shifted)
        } else {
            checkDemand(append: shifted, prepend: demand.lastSeen)
        }
    }

    /// Marks a direction failed; it stays blocked until ``retry()``.
    func fail(_ request: PageRequest<Source.Key>, _ error: any Error) {
        let direction = request.direction
        loadStates[direction] = .failed(error)
        lastErrors[direction] = error
        failedRequests[direction] = request
        if direction == .append { demand.appendHint = nil }
        if direction == .prepend { demand.prependHint = nil }
    }
}
