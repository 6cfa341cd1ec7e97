import EndlessTerminal

/// Where everything is on the last frame drawn: the one account of the screen's layout that
/// drawing produces and mouse hit-testing reads, so a click always lands on what the person
/// saw.
struct BrowserLayout: Sendable {
    /// The tab labels in the header, each with the cells it covers.
    var tabs: [(kind: FeedID, rect: Rect)] = []
    /// The list's area.
    var list = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The rows drawn in the list, top to bottom: an item (loaded or placeholder, the last
    /// perhaps cut) or the footer.
    var rows: [(row: ListRow, rect: Rect)] = []
    /// Whether an overlay (details or help) covers the list, so a click closes it.
    var hasOverlay = false

    /// The screen's bands: header, indicator line, list, status bar.
    static func bands(in bounds: Rect) -> (header: Rect, indicator: Rect, list: Rect, status: Rect)? {
        let bands = Layout.rows([.fixed(1), .fixed(1), .flexible, .fixed(1)], in: bounds)
        guard bands.count == 4 else { return nil }
        return (bands[0], bands[1], bands[2], bands[3])
    }

    /// Whole item rows the list shows, for page moves (at least 1).
    var visibleRowCount: Int {
        // Counted, not filtered: a key asks, and a filter builds an array to count it.
        var count = 0
        for shown in rows { if case .item = shown.row { count += 1 } }
        return max(1, count)
    }

    /// What is under a point.
    func hit(_ point: Point) -> Hit? {
        if let tab = tabs.first(where: { $0.rect.contains(point) }) { return .tab(tab.kind) }
        if let row = rows.first(where: { $0.rect.contains(point) }) { return .row(row.row) }
        return nil
    }

    /// What a click can land on.
    enum Hit: Equatable {
        case tab(FeedID)
        case row(ListRow)
    }
}

/// One row of the list as drawn.
enum ListRow: Hashable, Sendable {
    /// The item at an absolute index (loaded, or a placeholder for a dropped page).
    case item(Int)
    /// The item at an absolute index, its row cut by the bottom of the list: clicked as an
    /// item, but not counted as on screen (pages turn, and the feed counts, by whole rows).
    case cutItem(Int)
    /// The row after the last item: loading more, the end, or the append error.
    case footer
}
