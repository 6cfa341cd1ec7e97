import EndlessFeedModel

/// Scrolling the key help on a screen too short for all of it: the move keys scroll it then
/// (a line, a page, the top, the end), as they scroll details too long for the screen; when
/// it fits, they close it and move in the list as before.
extension BrowserModel {
    /// The screen drew the help with `lines` lines of bindings, of which `shown` fit.
    /// - Parameters:
    ///   - lines: the bindings' lines in all (more than the bindings where labels wrap).
    ///   - shown: the lines on screen.
    func helpLaidOut(lines: Int, shown: Int) {
        helpLines = (lines, shown)
    }

    /// Scrolls the help for a move intent, if it has bindings out of sight.
    /// - Returns: whether the intent was used up.
    func scrollHelp(_ intent: ListIntent) -> Bool {
        let (lines, shown) = helpLines
        guard shown < lines, let first = intent.scrolledFirstLine(from: helpFirstLine, lines: lines, shown: shown) else { return false }
        if first != helpFirstLine { helpFirstLine = first }
        return true
    }
}
