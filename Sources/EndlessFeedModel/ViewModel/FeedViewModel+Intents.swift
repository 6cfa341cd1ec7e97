import Endless
import Foundation
import Observation
import Synchronization

extension FeedViewModel {
    /// Carries out a list intent.
    /// - Parameters:
    ///   - intent: what the person asked for.
    ///   - visibleRows: how many rows fit on screen, for page moves.
    public func perform(_ intent: ListIntent, visibleRows: Int) {
        // Only a pull under way is let go: setting the pull tells every observer (a frame) that
        // it changed, so a key that goes nowhere (down at the last row) would draw a frame.
        if intent != .refresh, pull.isActive { pull.release() }
        if isShowingDetails, scrollDetails(intent) { return }
        let page = max(1, visibleRows - 1)
        switch intent {
        case .moveDown: select(selection + 1)
        case .moveUp: select(selection - 1)
        case .pageDown: select(selection + page)
        case .pageUp: select(selection - page)
        case .top: select(0)
        case .bottom: select(rowCount - 1)
        case .openDetails: openDetails()
        case .close: closeDetails()
        case .refresh: startRefresh()
        case .retry:
            // What failed may be the open details' fuller record as well as a page.
            retryDetails()
            // Retrying a failed opening is still the opening: its rows are new.
            isOpeningLoad = isOpeningLoad && rowCount == 0
            tellFeed(visibleRange)  // a failed refresh retried keeps the first row's place
            feed.retry()
        }
    }

    /// Selects a row (clamped to the rows there are); open details follow the selection.
    public func select(_ index: Int) {
        settleSelection()
        let clamped = min(max(0, index), max(0, rowCount - 1))
        if clamped != selection { selectedRow = clamped }
        if isShowingDetails { openDetails() }
    }

    /// Opens the details of the selected item, if its page is loaded, and fetches fuller
    /// details when the feed has them.
    public func openDetails() {
        guard let item = feed.items.item(at: selection) else { return }
        var opened = descriptor.details(item, now())
        if opened.id == details?.id { return }  // already open on this item
        detailsTask?.cancel()
        detailsTask = nil
        guard let fetch = descriptor.fetchDetails else {
            details = opened
            return
        }
        opened.note = .loading
        details = opened
        fetchDetails(of: item, id: opened.id, with: fetch)
    }

    /// Fetches the fuller record of `item`, whose details (`id`) are open, to replace them
    /// when it comes, or to say under them why it did not.
    private func fetchDetails(
        of item: Source.Item, id: String, with fetch: @escaping @Sendable (Source.Item, Date) async throws -> ItemDetails
    ) {
        let now = now()
        detailsTask = Task { [weak self] in
            let result: Result<ItemDetails, any Error>
            do {
                result = .success(try await fetch(item, now))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, self.details?.id == id else { return }
            switch result {
            case .success(let fuller): self.details = fuller
            case .failure(let error): self.details?.note = .failed(Self.describe(error))
            }
        }
    }

    /// Fetches the open details' fuller record again, if that is what failed: `R` retries
    /// what failed, the details as the list's pages.
    func retryDetails() {
        // The selected item's, as open details always are; what they show stays meanwhile.
        guard case .failed = details?.note, let id = details?.id, let fetch = descriptor.fetchDetails,
            let item = feed.items.item(at: selection)
        else { return }
        details?.note = .loading
        fetchDetails(of: item, id: id, with: fetch)
    }

    /// Closes the details panel.
    public func closeDetails() {
        detailsTask?.cancel()
        detailsTask = nil
        if isShowingDetails { details = nil }
    }

    /// A click on a row: selects it, or opens the details of a row already selected.
    public func click(at index: Int) {
        pull.release()
        if index == selection, !isShowingDetails { openDetails() } else { select(index) }
    }

    /// One notch of the mouse wheel. Down moves the selection; up moves it too, and at the
    /// very top pulls to refresh instead.
    public func wheel(up: Bool) {
        guard up else {
            if pull.isActive { pull.release() }
            select(selection + 1)
            return
        }
        guard selection == 0, visibleRange.lowerBound == 0, rowCount > 0 else {
            select(selection - 1)
            return
        }
        if pull.notch() {
            startRefresh()
        } else {
            holdPull()
        }
    }

    /// The list reports which rows are on screen after each frame: the feed hears about them
    /// (to load the next page early, or reload a dropped one), and the pictures of those rows,
    /// and of a screenful below, are loaded.
    ///
    /// Both are told the rows on screen and 15 more, in a window that moves a whole group of 16
    /// rows at once (`groupedWindow(_:group:)`): a held `j` runs the feed's demand check once
    /// a group, not once a key (issue 29), and the window reaches past the screen in the
    /// direction of the scroll, so loads start no later than for the rows alone. A refresh (or
    /// its retry) is told the rows exactly first: it keeps the place of the first row on screen.
    public func visibleRangeChanged(_ range: Range<Int>) {
        settleSelection()  // the frame drew the settled selection: store it
        visibleRange = range
        tellFeed(Self.groupedWindow(range, group: feedRowGroup))
        if seen.isTracking { recordSeen(range) }
        // Every frame: a dropped page reloaded under the same rows needs its pictures too, and
        // the store only starts or stops what changed.
        updateImages()
    }

    /// Records the items on `range` as seen (`--dump-state`). A function of its own, never
    /// inlined: the type of the rows it walks, a tuple of the generic item, is looked up at run
    /// time, and inlined that lookup ran at every frame's report, tracking or not (issue 29).
    @inline(never)
    private func recordSeen(_ range: Range<Int>) {
        for (index, item) in rows(in: range) { seen.record(String(describing: item.id), at: index) }
    }

    /// Tells the feed `rows` are on screen, unless it was told so for the same list already.
    /// A refresh replaces the list under unchanged rows, and a page landing can reach rows it
    /// had forgotten as past its end: the list, and its count, are part of what was told.
    private func tellFeed(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        let report = VisibleReport(range: rows, rows: rowCount, list: feed.rowsAbove.list)
        guard report != lastVisibleReport else { return }
        lastVisibleReport = report
        feed.visibleRangeChanged(rows)
    }

    /// Refreshes the list (the spinner shows at the top; the rows stay until the new page
    /// arrives). Inside the cooldown, shows how long until a refresh is allowed instead (after
    /// the spinner, for a feed whose ``FeedDescriptor/cooldownFeedback`` asks for it).
    ///
    /// The selected item stays selected when the new list has it (by id), and the list scrolls
    /// by as much as it moved (``selectionMove``), so it stays where it was on screen; open
    /// details follow it. Otherwise the place is where the first row on screen went (the feed's
    /// refresh anchor), else the top.
    /// - Parameters:
    ///   - ignoringCooldown: for a refresh the app starts itself (revalidating a list opened
    ///     from the cache), which a person's pulls do not hold back.
    ///   - scope: what to reload, when not the feed's configured scope.
    /// - Returns: how the refresh went.
    @discardableResult
    public func refresh(ignoringCooldown: Bool = false, scope: RefreshScope? = nil) async -> RefreshOutcome {
        await refresh(answeringCooldown: true, ignoringCooldown: ignoringCooldown, scope: scope)
    }

    /// A refresh; `answeringCooldown` false (the live timer's) shows nothing when it is refused
    /// by the cooldown.
    func refresh(answeringCooldown: Bool, ignoringCooldown: Bool = false, scope: RefreshScope? = nil) async -> RefreshOutcome {
        pull.release()
        // The refresh keeps the place of the first row on screen: not the grouped window's.
        tellFeed(visibleRange)
        if isOpeningLoad, rowCount > 0, feed.loadStates.refresh.isLoading {
            // The opening's rows are on screen, holding its indicator time: a refresh asked for
            // now is for a new list, not to join the one that came (which would do nothing
            // to be seen). It starts when the opening ends.
            _ = await feed.refresh()
        }
        // A refresh joining the opening load before any row shows is still the opening.
        isOpeningLoad = isOpeningLoad && rowCount == 0
        let selectedID = feed.items.item(at: selection)?.id
        // The new page replaces the rows before the refresh returns (it still shows its spinner
        // then): the selection follows its item the moment the rows change.
        let follow = SelectionFollower()
        followedSelection = selectedID
        withObservationTracking {
            _ = feed.items
        } onChange: { [weak self] in
            Task { @MainActor in
                guard let self, follow.take() else { return }
                self.keepSelection(self.followedSelection)
            }
        }
        let outcome = await feed.refresh(ignoringCooldown: ignoringCooldown, scope: scope)
        let stillToFollow = follow.take()
        switch outcome {
        case .coolingDown:
            guard answeringCooldown else { break }
            if descriptor.cooldownFeedback == .spinnerThenNotice {
                isHoldingRefreshSpinner = true
                defer { isHoldingRefreshSpinner = false }
                do {
                    try await clock.sleep(for: feed.configuration.minimumIndicatorDuration)
                } catch {
                    return outcome  // another pull took over
                }
            }
            show(.refreshCoolingDown)
        case .refreshed:
            if stillToFollow { keepSelection(selectedID) }
            seen.startOver()
        case .failed: break  // the banner shows it, from the refresh load state
        }
        return outcome
    }

    /// Selects the item with `id` in the refreshed list, if it has it; otherwise where the
    /// first row on screen went (the feed's anchor), else the top.
    func keepSelection(_ id: Source.Item.ID?) {
        settleSelection()
        let items = feed.items
        let old = selection
        if let id, let index = feed.index(of: id) {
            selectedRow = index
            lastSelectionMove = SelectionMove(delta: index - old, serial: (lastSelectionMove?.serial ?? 0) + 1)
            // Details follow the item; with everything in the list, they show its new figures.
            if isShowingDetails, descriptor.fetchDetails == nil, let item = items.item(at: index) {
                details = descriptor.details(item, now())
            }
        } else {
            selectedRow = feed.refreshAnchorIndex ?? 0
            closeDetails()
        }
    }

    /// Loads the pictures of the rows on screen and the open details, warms a screenful below,
    /// and lets go of the rest, telling the loader only what changed (``PicturesWanted``): a
    /// `j` that only moves the selection tells it nothing, and only rows new near the screen,
    /// or changed, are read.
    ///
    /// The rows on screen are told as a window that moves a whole group of `pictureRowGroup`
    /// rows at once (``groupedWindow(_:group:)``), so a scroll tells the loader about a group's
    /// pictures at once when the group comes near, and nothing at the other rows it moves by:
    /// a held `j` ran the bookkeeping's code (the rows compared, the pictures counted and told,
    /// the loader's dictionaries and prefetches) once a key for the one row that came near; it
    /// runs once a group, the code still warm for every row after the first (issue 29). Every
    /// row on screen is still wanted on screen.
    func updateImages() {
        guard let images else { return }
        // Only rows the list has: a view may report rows it no longer has (a refresh shortened
        // it since the frame) or any range at all (a public call), and a screenful below an
        // end near Int.max would overflow.
        let rows = 0..<rowCount
        let onScreen = visibleRange.clamped(to: rows)
        let visible = Self.groupedWindow(onScreen, group: pictureRowGroup).clamped(to: rows)
        // A screenful below, as many rows as are on screen.
        let below = visible.upperBound..<min(rowCount, visible.upperBound + max(onScreen.count, 1))
        let items = feed.items
        let told = PicturesToldInputs(
            visible: visible, below: below, layout: items.layout, details: details.flatMap { detailsImageRequest(for: $0) },
            sizing: imageSizing, loaderRevision: images.shownRevision)
        // Nothing it depends on changed since the last frame (the scroll stayed in its group):
        // not even its rows are compared.
        guard told != lastPicturesTold else { return }
        // The rows' stamps in one walk of the pages, not a search of them a row.
        let span = PicturesWanted.span(visible: visible, below: below)
        let stamps = items.layout.stamps(in: span)
        // Only the list's pages changed, none of the rows told (a page landed or was let go
        // beyond them: twice a page on a held `j`): their items are the same, so are their
        // pictures, and no row is compared again.
        let onlyPagesElsewhere = lastPicturesTold.map { $0.differsOnlyInLayout(from: told) } == true && picturesWanted.hasTold(stamps, over: span)
        lastPicturesTold = told
        guard !onlyPagesElsewhere else { return }
        let changes = picturesWanted.update(
            visible: visible, below: below, details: told.details, sizing: imageSizing,
            loaderRevision: images.shownRevision, stamp: { span.contains($0) ? stamps[$0 - span.lowerBound] : nil },
            picture: { listedRow(at: $0, in: items)?.image })
        guard !changes.isEmpty else { return }
        images.update(changes)
    }

    /// The rows told for `range` on screen: from the start of the group of `group` rows its
    /// first row is in, to `group - 1` rows past its end less the rows it starts into that
    /// group. The window moves only when the range's first row enters another group, a whole
    /// group at once, and always holds `group - 1` rows more than the range: 3..<10 in groups
    /// of 8 is 0..<14, and so are 7..<14 and 4..<11; 8..<15 is 8..<22. Rounding both ends out
    /// to groups would move one end, then the other, at two rows in every group of a held
    /// key. An empty range stays empty, groups of 1 change nothing, and an end past `Int.min`
    /// or `Int.max` stops there.
    static func groupedWindow(_ range: Range<Int>, group: Int) -> Range<Int> {
        guard !range.isEmpty, group > 1 else { return range }
        // The remainder made non-negative without adding `group` to it first (no overflow
        // for any group).
        let remainder = range.lowerBound % group
        let into = remainder < 0 ? remainder + group : remainder
        let (lower, below) = range.lowerBound.subtractingReportingOverflow(into)
        let (upper, above) = range.upperBound.addingReportingOverflow(group - 1 - into)
        return (below ? .min : lower)..<(above ? .max : upper)
    }

    func startRefresh() {
        refreshTask?.cancel()
        refreshTask = Task { [weak self] in await self?.refresh() }
    }

    func show(_ notice: Notice) {
        self.notice = notice
        noticeTask?.cancel()
        // Long enough to read, and for a cooldown, until the refresh is allowed again.
        let remaining = max(feed.refreshAvailableIn, .milliseconds(1500))
        noticeTask = Task { [weak self, clock] in
            do {
                try await clock.sleep(for: remaining)
            } catch {
                return
            }
            self?.notice = nil
        }
    }

    /// Keeps the pull for a moment: it lets go if no other notch follows.
    func holdPull() {
        pullReleaseTask?.cancel()
        pullReleaseTask = Task { [weak self, clock] in
            do {
                try await clock.sleep(for: PullGesture.releaseDelay)
            } catch {
                return
            }
            self?.pull.release()
        }
    }
}

/// Hands the job of keeping the selection to whichever comes first, the rows changing or the
/// refresh returning, exactly once; a change after the refresh returned is not its business.
final class SelectionFollower: Sendable {
    private let pending = Mutex(true)

    /// True the first time only.
    func take() -> Bool {
        pending.withLock { pending in
            defer { pending = false }
            return pending
        }
    }
}

// Not nested in `FeedViewModel`: a type nested in a generic class is generic too, and in its
// generic code each use looks the type's metadata up at run time (issue 29).

/// Everything `FeedViewModel.updateImages()` tells the loader from: the same as last frame's,
/// it tells nothing.
struct PicturesToldInputs: Equatable {
    let visible: Range<Int>
    let below: Range<Int>
    /// The list's pages (their stamps change with any item put in or changed).
    let layout: PageLayout
    let details: FeedImage?
    let sizing: ImageSizing
    let loaderRevision: Int

    /// Whether `other` is these inputs but for the list's pages: then only the rows'
    /// stamps tell whether a row told changed.
    func differsOnlyInLayout(from other: Self) -> Bool {
        visible == other.visible && below == other.below && details == other.details && sizing == other.sizing
            && loaderRevision == other.loaderRevision
    }
}

/// What a `FeedViewModel` last told the Feed: the rows (the grouped window around those on
/// screen, or those on screen exactly before a refresh), of which list (`RowsAbove.list`
/// changes with every list a refresh puts in place) and of how many rows.
struct VisibleReport: Hashable {
    let range: Range<Int>
    let rows: Int
    let list: Int
}
