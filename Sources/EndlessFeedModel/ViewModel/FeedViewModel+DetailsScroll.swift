/// Scrolling the open details when they are longer than the screen shows: the move keys
/// scroll them then (a line, a page, the top, the end); when they fit, the keys move to the
/// next item as before.
extension FeedViewModel {
    /// The first line of the open details shown (0 at the top); 0 for details just opened.
    public var detailsScrollOffset: Int {
        guard let details, detailsScroll.id == details.id else { return 0 }
        return min(detailsScroll.offset, max(0, detailsScroll.lines - detailsScroll.shown))
    }

    /// Whether the open details have lines the screen does not show, so the move keys scroll.
    public var canScrollDetails: Bool {
        guard let details, detailsScroll.id == details.id else { return false }
        return detailsScroll.lines > detailsScroll.shown
    }

    /// The screen drew the open details with `lines` lines of which `shown` fit; the move
    /// keys scroll them while some do not.
    /// - Parameters:
    ///   - lines: the details' lines in all.
    ///   - shown: the lines on screen.
    public func detailsLaidOut(lines: Int, shown: Int) {
        guard let details else { return }
        if detailsScroll.id != details.id {
            detailsScroll = DetailsScroll(id: details.id, offset: 0, lines: lines, shown: shown)
        } else if detailsScroll.lines != lines || detailsScroll.shown != shown {
            detailsScroll.lines = lines
            detailsScroll.shown = shown
        }
    }

    /// Scrolls the open details for a move intent, if they can scroll.
    /// - Returns: whether the intent was used up.
    func scrollDetails(_ intent: ListIntent) -> Bool {
        guard canScrollDetails,
            let first = intent.scrolledFirstLine(from: detailsScrollOffset, lines: detailsScroll.lines, shown: detailsScroll.shown)
        else { return false }
        if first != detailsScroll.offset { detailsScroll.offset = first }
        return true
    }
}

/// Where the open details are scrolled to, and how many lines they have and show.
struct DetailsScroll: Hashable, Sendable {
    /// The details scrolled (``ItemDetails/id``); other details start at the top.
    var id: String?
    var offset = 0
    var lines = 0
    var shown = 0
}
