/// What a person can ask of the browser, whatever key or gesture they use for it.
public enum BrowseIntent: Hashable, Sendable, CaseIterable {
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
    /// Re-runs the load that failed (first page, next page or refresh).
    case retry
    case toggleHelp
    case quit
}
