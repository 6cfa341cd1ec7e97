import EndlessFeedModel

/// Scrolling the key help on a screen too short for all of it: the move keys scroll it then
/// (a line, a page, the top, the end), as they scroll details too long for the screen; when
/// it fits, they close it and move in the list as before.
extension BrowserModel {
    /// The screen drew the help with `lines` bindings, of which `shown` fit.
    /// - Parameters:
    ///   - lines: the bindings in all.
    ///   - shown: the bindings on screen.
    func helpLaidOut(lines: Int, shown: Int) {
        helpLines = (lines, shown)
    }

    /// Scrolls the help for a move intent, if it has bindings out of sight.
    /// - Returns: whether the intent was used up.
    func scrollHelp(_ intent: ListIntent) -> Bool {
        let (lines, shown) = helpLines
        guard shown < lines else { return false }
        let page = max(1, shown - 1)
        let last = lines - shown
        let first = min(helpFirstLine, last)
        let target: Int
        switch intent {
        case .moveDown: target = first + 1
        case .moveUp: target = first - 1
        case .pageDown: target = first + page
        case .pageUp: target = first - page
        case .top: target = 0
        case .bottom: target = last
        default: return false
        }
        let clamped = min(max(0, target), last)
        if clamped != helpFirstLine { helpFirstLine = clamped }
        return true
    }
}
