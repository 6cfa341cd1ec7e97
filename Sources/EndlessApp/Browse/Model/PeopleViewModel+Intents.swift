import Endless
import EndlessImages
import Foundation
import RandomUserAPI

extension PeopleViewModel {
    /// Carries out an intent.
    /// - Parameters:
    ///   - intent: what the person asked for. ``BrowseIntent/quit`` is the caller's to act on.
    ///   - visibleRows: how many rows fit on screen, for page moves.
    public func perform(_ intent: BrowseIntent, visibleRows: Int) {
        if intent != .refresh { pull.release() }
        let page = max(1, visibleRows - 1)
        switch intent {
        case .moveDown: select(selection + 1)
        case .moveUp: select(selection - 1)
        case .pageDown: select(selection + page)
        case .pageUp: select(selection - page)
        case .top: select(0)
        case .bottom: select(rowCount - 1)
        case .openDetails: openDetails()
        case .close:
            if isHelpVisible { isHelpVisible = false } else { details = nil }
        case .refresh: startRefresh()
        case .retry: feed.retry()
        case .toggleHelp: isHelpVisible.toggle()
        case .quit: break
        }
    }

    /// Selects a row (clamped to the rows there are); open details follow the selection.
    public func select(_ index: Int) {
        selection = min(max(0, index), max(0, rowCount - 1))
        if details != nil { openDetails() }
    }

    /// Opens the details of the selected person, if their page is loaded.
    public func openDetails() {
        guard let person = feed.items.item(at: selection) else { return }
        details = PersonDetails(person, now: now())
    }

    /// A click on a row: selects it, or opens the details of a row already selected.
    public func click(at index: Int) {
        pull.release()
        if index == selection, details == nil { openDetails() } else { select(index) }
    }

    /// One notch of the mouse wheel. Down moves the selection; up moves it too, and at the
    /// very top pulls to refresh instead.
    public func wheel(up: Bool) {
        guard up else {
            pull.release()
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

    /// The list reports which rows are on screen after each frame: the Feed hears about the
    /// first and last (to load the next page early, or reload a dropped one), and the
    /// avatars of those rows, and of a screenful below, are loaded.
    public func visibleRangeChanged(_ range: Range<Int>) {
        // A refresh replaces the list under an unchanged range: the new list must hear
        // about the rows on screen too, or it would stop at its first page.
        let report = VisibleReport(range: range, rows: rowCount, firstPage: feed.pageKeys.first.map(AnyHashable.init))
        if range != visibleRange { visibleRange = range }
        if report != lastVisibleReport {
            lastVisibleReport = report
            if !range.isEmpty {
                feed.itemAppeared(at: range.lowerBound)
                feed.itemAppeared(at: range.upperBound - 1)
            }
        }
        if seen.isTracking {
            for (index, person) in rows(in: range) { seen.record(person.id, at: index) }
        }
        updateAvatars()
    }

    /// Refreshes the list (the spinner shows at the top; the rows stay until the new page
    /// arrives). Inside the cooldown, shows how long until a refresh is allowed instead.
    public func refresh() async {
        pull.release()
        switch await feed.refresh() {
        case .coolingDown: show(.refreshCoolingDown)
        case .refreshed:
            selection = 0
            seen.startOver()
            if details != nil { details = nil }
        case .failed: break  // the banner shows it, from the refresh load state
        }
    }

    /// What the list last told the Feed: the rows on screen, of which list.
    struct VisibleReport: Hashable {
        let range: Range<Int>
        let rows: Int
        let firstPage: AnyHashable?
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

    func updateAvatars() {
        guard let avatars else { return }
        var visible = rows(in: visibleRange).compactMap { avatarRequest(for: $0.person) }
        if let details, let portrait = portraitRequest(for: details) { visible.append(portrait) }
        let below = visibleRange.upperBound..<min(rowCount, visibleRange.upperBound + max(visibleRange.count, 1))
        let upcoming = rows(in: below).compactMap { avatarRequest(for: $0.person, priority: .prefetch) }
        avatars.show(visible, upcoming: upcoming)
    }
}
