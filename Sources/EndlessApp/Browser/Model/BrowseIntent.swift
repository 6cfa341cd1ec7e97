import EndlessFeedModel

/// What a person can ask of the browser, whatever key or gesture they use for it.
public enum BrowseIntent: Hashable, Sendable {
    /// What the list on the open tab does (move, details, refresh, retry…).
    case list(ListIntent)
    /// Shows or hides the help.
    case toggleHelp
    /// The tab to the right (`Tab`), wrapping around.
    case nextTab
    /// The tab to the left (`Shift-Tab`), wrapping around.
    case previousTab
    /// A tab by its number key; a feed that is not there does nothing.
    case showTab(FeedID)
    /// Opens the search line at the bottom (`/`): Enter searches the tab shown, Esc closes it.
    case search
    /// Shows the tab in its next order (`o`): the service's orders, then orders of the rows loaded.
    case nextSort
    /// Stars or unstars the selected item (`*`).
    case toggleStar
    /// Shows the tab's starred items, or its list again (`F`).
    case showStarred
    /// Opens the selected item's page in the web browser (`O`).
    case openPage
    /// Copies the selected item's link (or email, or id) to the clipboard (`y`).
    case copy
    /// Shows the open details' chart over the next shorter range (`[`).
    case previousChartRange
    /// Shows the open details' chart over the next longer range (`]`).
    case nextChartRange
    /// Downloads the selected item's file (a photo at full size) to the pictures folder (`d`).
    case download
    case quit
}

extension BrowseIntent {
    /// Whether the status bar is to say how this intent went, in place of what the last action
    /// failed to do: every action but a move in the list, its details, the help and quitting.
    var saysItsOutcome: Bool {
        switch self {
        case .list(.refresh), .list(.retry): true
        case .list, .toggleHelp, .quit: false
        default: true
        }
    }
}
