import EndlessFeedModel

/// What a person can ask of the browser, whatever key or gesture they use for it.
public enum BrowseIntent: Hashable, Sendable {
    case moveDown
    case moveUp
    case pageDown
    case pageUp
    case top
    case bottom
    case openDetails
    /// Closes the details or the help, whichever is open.
    case close
    case refresh
    /// Re-runs the load that failed (first page, next page, rows above, or refresh).
    case retry
    case toggleHelp
    /// The tab to the right (`Tab`), wrapping around.
    case nextTab
    /// The tab to the left (`Shift-Tab`), wrapping around.
    case previousTab
    /// A tab by its number key; a feed that is not there does nothing.
    case showTab(FeedID)
    case quit

    /// What the list does for it; nil for the browser's own (tabs, help, quit).
    var listIntent: ListIntent? {
        switch self {
        case .moveDown: .moveDown
        case .moveUp: .moveUp
        case .pageDown: .pageDown
        case .pageUp: .pageUp
        case .top: .top
        case .bottom: .bottom
        case .openDetails: .openDetails
        case .close: .close
        case .refresh: .refresh
        case .retry: .retry
        case .toggleHelp, .nextTab, .previousTab, .showTab, .quit: nil
        }
    }
}
