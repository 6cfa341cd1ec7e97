/// What a person can ask of a list, whatever key, gesture or button they use for it.
public enum ListIntent: Hashable, Sendable {
    /// The next row.
    case moveDown
    /// The previous row.
    case moveUp
    /// A screenful down.
    case pageDown
    /// A screenful up.
    case pageUp
    /// The first row.
    case top
    /// The last row loaded.
    case bottom
    /// The details of the selected item.
    case openDetails
    /// Closes the details.
    case close
    /// Reloads the list.
    case refresh
    /// Re-runs the load that failed (first page, next page, rows above, or refresh).
    case retry
}
