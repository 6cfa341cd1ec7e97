/// The three ways a ``Feed`` loads: the first page, more at the end, more at the start.
public enum LoadDirection: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Loads the first page and replaces everything with it.
    case refresh
    /// Loads the page after the last loaded page.
    case append
    /// Loads the page before the first loaded page (a page dropped to save memory, or a page
    /// before an initial key in the middle of the list).
    case prepend

    /// `refresh`, `append` or `prepend`.
    public var description: String {
        switch self {
        case .refresh: "refresh"
        case .append: "append"
        case .prepend: "prepend"
        }
    }
}
