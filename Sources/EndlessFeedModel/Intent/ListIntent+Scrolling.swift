extension ListIntent {
    /// Where a move puts the first line of something scrolled through it rather than through
    /// the list (details, the key help, taller than the screen): a line, a page (the lines
    /// shown less one), the top or the end; nil for an intent that is not a move.
    /// - Parameters:
    ///   - first: the first line shown now.
    ///   - lines: the lines in all.
    ///   - shown: the lines on screen.
    /// - Returns: the new first line, from 0 to `lines - shown`.
    package func scrolledFirstLine(from first: Int, lines: Int, shown: Int) -> Int? {
        let last = max(0, lines - shown)
        let first = min(max(0, first), last)
        let page = max(1, shown - 1)
        let target: Int
        switch self {
        case .moveDown: target = first + 1
        case .moveUp: target = first - 1
        case .pageDown: target = first + page
        case .pageUp: target = first - page
        case .top: target = 0
        case .bottom: target = last
        default: return nil
        }
        return min(max(0, target), last)
    }
}
