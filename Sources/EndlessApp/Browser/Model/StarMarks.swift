import EndlessTerminal

/// The ids of a feed's starred items, for the ★ on their rows: read from the page cache the
/// first time a row asks (once per feed and run), then kept up to date by `*`. Every list of
/// the feed (its own, its results, its other orders, its starred items) reads the same set.
@MainActor
final class StarMarks {
    private var ids: Set<String>?
    private let load: () -> Set<String>

    /// - Parameter load: reads the ids starred when first asked.
    init(load: @escaping () -> Set<String>) {
        self.load = load
    }

    /// The ids starred now.
    var starred: Set<String> {
        if let ids { return ids }
        let loaded = load()
        ids = loaded
        return loaded
    }

    /// Records that `id` was starred (true) or unstarred.
    func mark(_ id: String, starred isStarred: Bool) {
        var ids = starred
        if isStarred { ids.insert(id) } else { ids.remove(id) }
        self.ids = ids
    }

    /// The mark a starred row shows at the end of its first line.
    static let mark = "★"

    /// Draws the mark in the last column of the row's first line.
    static func draw(in row: Rect, into frame: inout ScreenBuffer) {
        guard row.width > 2, row.height > 0 else { return }
        frame.write(mark, at: Point(x: row.maxX - 1, y: row.y), style: Theme.notice)
    }
}

/// Each feed's ``StarMarks``, by the feed's name, shared by every tab made for one run.
@MainActor
final class StarMarkBook {
    private var byFeed: [String: StarMarks] = [:]

    /// The marks of `feed`, made (not yet read) the first time.
    func marks(for feed: String, load: @escaping () -> Set<String>) -> StarMarks {
        if let marks = byFeed[feed] { return marks }
        let marks = StarMarks(load: load)
        byFeed[feed] = marks
        return marks
    }
}
