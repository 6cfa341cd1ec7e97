import Endless

/// The pictures a view model has told its loader it wants, row by row, so that each frame tells
/// it only what changed (issue 29): a frame compares each row near the screen with what it was
/// (its item's stamp and its priority) and reads, counts and hashes only the rows that changed.
///
/// A picture is counted per row (and the open details) that wants it, at each priority, so a
/// picture two rows show is let go only when neither does, and is wanted at the most urgent
/// priority any of them asks.
struct PicturesWanted {
    /// One row as last told: its item and the picture it wants (nil for none, or a placeholder).
    private struct Row {
        var stamp: ItemStamp?
        var priority: FeedImage.Priority
        /// The picture at ``FeedImage/Priority/visible``: the key of ``wants``.
        var picture: FeedImage?
        /// False for a row not told yet.
        var isTold: Bool

        static let untold = Row(stamp: nil, priority: .visible, picture: nil, isTold: false)
    }

    /// How many rows want a picture, at each priority.
    private struct Wants {
        var prefetch = 0
        var visible = 0
        var high = 0

        /// The most urgent priority wanted, nil when nothing wants it.
        var top: FeedImage.Priority? {
            high > 0 ? .high : visible > 0 ? .visible : prefetch > 0 ? .prefetch : nil
        }

        mutating func add(_ count: Int, at priority: FeedImage.Priority) {
            switch priority {
            case .prefetch: prefetch += count
            case .visible: visible += count
            case .high: high += count
            }
        }
    }

    /// The rows told (on screen, then below), as one span.
    private var span = 0..<0
    /// The rows of ``span``, in order: a scroll moves them along (a move of the array's
    /// storage, no copy of a row), and a frame compares each in place.
    private var rows: [Row] = []
    /// The open details' picture, at its own priority.
    private var details: FeedImage?
    private var sizing: ImageSizing?
    private var loaderRevision: Int?
    /// Each picture wanted: how many want it, and, once this update changed its wants, what
    /// the loader was told before. One dictionary, so that a change looks a picture up once.
    private var entries: [FeedImage: Entry] = [:]
    /// The pictures whose wants changed in this update, in the order first changed.
    private var touched: [FeedImage] = []

    private struct Entry {
        var wants = Wants()
        /// Whether ``touched`` lists the picture.
        var isTouched = false
        /// The priority the loader was told before this update, when touched.
        var before: FeedImage.Priority?
    }

    /// Brings what is told up to date with the rows on screen now, and says what changed.
    /// - Parameters:
    ///   - visible: the rows on screen: their pictures load.
    ///   - below: the rows just below: their pictures warm.
    ///   - details: the open details' picture, if any, at its priority.
    ///   - sizing: the sizes pictures are asked at; a new sizing reads every row again.
    ///   - loaderRevision: the loader's ``FeedImageLoading/shownRevision``: a new one means it
    ///     forgot what it was told, so everything is told again.
    ///   - stamp: the stamp of a row's item, nil for a placeholder.
    ///   - picture: a loaded row's picture (at visible priority), nil for none.
    /// - Returns: what changed; empty when nothing did.
    mutating func update(
        visible: Range<Int>, below: Range<Int>, details newDetails: FeedImage?, sizing: ImageSizing, loaderRevision: Int,
        stamp: (Int) -> ItemStamp?, picture: (Int) -> FeedImage?
    ) -> FeedImageChanges {
        if loaderRevision != self.loaderRevision {
            self = PicturesWanted()
            self.loaderRevision = loaderRevision
        }
        let reread = sizing != self.sizing
        self.sizing = sizing
        let newSpan = Self.span(visible: visible, below: below)

        // Rows that left: only those outside the new span.
        if newSpan.lowerBound >= span.upperBound || newSpan.upperBound <= span.lowerBound || newSpan.isEmpty {
            for offset in rows.indices { forget(offset) }
            rows = Array(repeating: .untold, count: newSpan.count)
        } else {
            let above = max(0, newSpan.lowerBound - span.lowerBound)
            let after = max(0, span.upperBound - newSpan.upperBound)
            for offset in 0..<above { forget(offset) }
            for offset in (rows.count - after)..<rows.count { forget(offset) }
            rows.removeLast(after)
            rows.removeFirst(above)
            let newAbove = max(0, span.lowerBound - newSpan.lowerBound)
            if newAbove > 0 { rows.insert(contentsOf: repeatElement(.untold, count: newAbove), at: 0) }
            let newAfter = max(0, newSpan.upperBound - span.upperBound)
            if newAfter > 0 { rows.append(contentsOf: repeatElement(.untold, count: newAfter)) }
        }
        span = newSpan

        for offset in rows.indices {
            let row = newSpan.lowerBound + offset
            let priority: FeedImage.Priority = row < visible.upperBound ? .visible : .prefetch
            let stamp = stamp(row)
            if !reread, rows[offset].isTold, rows[offset].stamp == stamp,
                rows[offset].priority == priority || rows[offset].picture == nil
            {
                continue
            }
            // A row that only moved between priorities (from below onto the screen, a held
            // key's every frame) still wants the picture it was told with: not read again.
            let samePicture = !reread && rows[offset].isTold && rows[offset].stamp == stamp
            let told = rows[offset].picture
            forget(offset)
            let wanted = samePicture ? told : stamp == nil ? nil : picture(row).map { Self.key($0) }
            rows[offset] = Row(stamp: stamp, priority: priority, picture: wanted, isTold: true)
            if let wanted { want(wanted, by: 1, at: priority) }
        }

        if newDetails != details {
            if let details { want(Self.key(details), by: -1, at: details.priority) }
            if let newDetails { want(Self.key(newDetails), by: 1, at: newDetails.priority) }
            details = newDetails
        }
        return takeChanges()
    }

    /// Whether the rows told are `span`'s, each told with the item `stamps` gives it (in
    /// order): then an update over the same rows, priorities, details, sizing and loader
    /// revision changes nothing.
    func hasTold(_ stamps: [ItemStamp?], over span: Range<Int>) -> Bool {
        span == self.span && rows.count == stamps.count && zip(rows, stamps).allSatisfy { $0.isTold && $0.stamp == $1 }
    }

    /// The rows an update tells, on screen then below, as one range: those whose stamps
    /// ``update(visible:below:details:sizing:loaderRevision:stamp:picture:)`` asks for.
    static func span(visible: Range<Int>, below: Range<Int>) -> Range<Int> {
        visible.lowerBound..<max(visible.upperBound, below.upperBound)
    }

    /// Stops counting the picture of the row at `offset` in ``rows``.
    private mutating func forget(_ offset: Int) {
        guard let picture = rows[offset].picture else { return }
        want(picture, by: -1, at: rows[offset].priority)
        rows[offset].picture = nil
    }

    private mutating func want(_ key: FeedImage, by count: Int, at priority: FeedImage.Priority) {
        // Changed in place: one lookup (an entry left wanting nothing is removed with the
        // changes, once what it was told before has been read).
        let firstChange = { (entry: inout Entry) -> Bool in
            let first = !entry.isTouched
            if first {
                entry.isTouched = true
                entry.before = entry.wants.top
            }
            entry.wants.add(count, at: priority)
            return first
        }(&entries[key, default: Entry()])
        if firstChange { touched.append(key) }
    }

    /// The pictures whose most urgent priority changed since the loader was last told.
    private mutating func takeChanges() -> FeedImageChanges {
        guard !touched.isEmpty else { return FeedImageChanges() }
        var changes = FeedImageChanges()
        for key in touched {
            guard let index = entries.index(forKey: key) else { continue }
            let entry = entries.values[index]
            let now = entry.wants.top
            if now == nil {
                entries.remove(at: index)
            } else {
                entries.values[index].isTouched = false
                entries.values[index].before = nil
            }
            guard now != entry.before else { continue }
            if let now {
                changes.wanted.append(Self.at(key, now))
            } else if let before = entry.before {
                changes.unwanted.append(Self.at(key, before))
            }
        }
        touched.removeAll(keepingCapacity: true)
        return changes
    }

    /// A picture whatever its priority.
    private static func key(_ picture: FeedImage) -> FeedImage { at(picture, .visible) }

    private static func at(_ picture: FeedImage, _ priority: FeedImage.Priority) -> FeedImage {
        var picture = picture
        picture.priority = priority
        return picture
    }
}
