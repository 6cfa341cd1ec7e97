import Endless
import Foundation

/// What the list shows instead of, or around, its rows.
extension FeedViewModel {
    /// The row after the last item: a spinner while the next page loads, the end of the list,
    /// or the append error with the key that retries it.
    public var footer: FooterState {
        guard rowCount > 0 else { return .hidden }
        switch feed.loadStates.append {
        case .loading: return .loading
        case .endReached: return .endOfList(descriptor.endOfList(rowCount))
        case .failed(let error): return .failed(Self.describe(error))
        case .idle: return .hidden
        }
    }

    /// What fills the list's area: the rows, or a centred message when there are none.
    public var content: ContentState {
        guard rowCount == 0 else { return .rows }
        switch feed.loadStates.refresh {
        case .failed(let error): return .firstLoadFailed(Self.describe(error))
        case .loading: return .loadingFirstPage
        case .idle where feed.pageKeys.isEmpty: return .loadingFirstPage
        case .idle, .endReached: return .empty
        }
    }

    /// What a row without an item shows: its page was dropped to bound memory (or is on its
    /// way), and the direction that reloads it is loading, has failed, or is about to load.
    public func placeholder(at index: Int) -> PlaceholderState {
        switch feed.loadState(forRow: index) ?? .idle {
        case .loading: return .loading
        case .failed(let error): return .failed(Self.describe(error))
        case .idle, .endReached: return .waiting
        }
    }

    /// The line above the list: the pull indicator, the refresh spinner, a notice, or a
    /// failed refresh (the old rows stay below it).
    public var topIndicator: TopIndicator {
        if pull.isActive { return .pull(progress: pull.progress) }
        // The opening load's rows are not being refreshed: only a list already shown (from the
        // cache, or loaded before) shows the line while it is loaded again.
        if rowCount > 0, feed.loadStates.refresh.isLoading && !isOpeningLoad || isHoldingRefreshSpinner { return .refreshing }
        if let notice { return .notice(notice.text(refreshAvailableIn: feed.refreshAvailableIn)) }
        if rowCount > 0, let error = feed.loadStates.refresh.error { return .refreshFailed(Self.describe(error)) }
        return .none
    }

    /// Whether anything on screen changes with time alone (a spinner, a countdown), so the
    /// view keeps redrawing while it is true: a load running, or
    /// ``animatesWhereverScrolled``.
    public var isAnimating: Bool {
        feed.loadStates.loadingCount > 0 || animatesWhereverScrolled
    }

    /// ``isAnimating`` without the loads: what changes with time alone wherever the list is
    /// scrolled (a notice's countdown, a pull, the details loading, the refresh spinner held).
    /// A load's spinner shows on its own row (the footer, a placeholder), often out of sight
    /// while pages load ahead of the screen: a view that knows what it drew redraws for that
    /// spinner only while it shows, and asks this for the rest.
    public var animatesWhereverScrolled: Bool {
        notice != nil || pull.isActive || isLoadingDetails || isHoldingRefreshSpinner
    }

    /// Whether something has failed that ``ListIntent/retry`` would re-run.
    public var hasFailure: Bool {
        LoadDirection.allCases.contains { feed.loadStates[$0].error != nil }
    }

    /// A person-readable account of a failed load.
    static func describe(_ error: any Error) -> UntrustedText {
        if let error = error as? any LocalizedError, let text = error.errorDescription { return UntrustedText(text) }
        return UntrustedText(String(describing: error))
    }
}

/// The row after the last item.
public enum FooterState: Hashable, Sendable {
    /// Nothing: no rows yet, or nothing happening at the end.
    case hidden
    /// The next page is on its way: a spinner.
    case loading
    /// The source has no more; the text says so, e.g. `that's everyone · 12 people`.
    case endOfList(String)
    /// The next page failed; the key that retries it is shown beside the reason.
    case failed(UntrustedText)
}

/// What fills the list's area.
public enum ContentState: Hashable, Sendable {
    /// The rows.
    case rows
    /// The first page is on its way: a centred spinner.
    case loadingFirstPage
    /// The first page failed: a centred message with the reason and the key that retries.
    case firstLoadFailed(UntrustedText)
    /// The source has nothing at all.
    case empty
}

/// What a row without its item shows.
public enum PlaceholderState: Hashable, Sendable {
    /// Its page is loading.
    case loading
    /// Its page is about to be asked for.
    case waiting
    /// Its page failed to load; the key that retries it is shown beside the reason.
    case failed(UntrustedText)
}

/// The line above the list.
public enum TopIndicator: Hashable, Sendable {
    /// Nothing.
    case none
    /// The wheel is pulling down at the top: how full the indicator is, 0...1.
    case pull(progress: Double)
    /// A refresh is running (or its minimum indicator time is not over).
    case refreshing
    /// A short-lived message of the app's own, e.g. `refresh available in 2 s`.
    case notice(String)
    /// The last refresh failed; the old rows are still shown.
    case refreshFailed(UntrustedText)
}

/// A short-lived message of the app's own.
public enum Notice: Hashable, Sendable {
    /// A refresh was asked for inside the cooldown.
    case refreshCoolingDown

    /// The message, with a countdown where it has one.
    func text(refreshAvailableIn remaining: Duration) -> String {
        switch self {
        case .refreshCoolingDown:
            let seconds = Int((Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18).rounded(.up))
            return seconds > 0 ? "refresh available in \(seconds) s" : "refresh available now"
        }
    }
}
