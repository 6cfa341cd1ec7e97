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
        let stamp: ItemStamp?
        let priority: FeedImage.Priority
        /// The picture at ``FeedImage/Priority/visible``: the key of ``wants``.
        let picture: FeedImage?
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
    private var rows: [Int: Row] = [:]
    /// The open details' picture, at its own priority.
    private var details: FeedImage?
    private var sizing: ImageSizing?
    private var loaderRevision: Int?
    private var wants: [FeedImage: Wants] = [:]
    /// The pictures whose wants changed in this update, in the order first changed, with the
    /// priority the loader was told before.
    private var touched: [(picture: FeedImage, before: FeedImage.Priority?)] = []
    private var touchedIndex: [FeedImage: Int] = [:]

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
        let newSpan = visible.lowerBound..<max(visible.upperBound, below.upperBound)

        // Rows that left: only those outside the new span.
        for row in span.lowerBound..<max(span.lowerBound, min(span.upperBound, newSpan.lowerBound)) { forget(row) }
        for row in max(span.lowerBound, newSpan.upperBound)..<max(span.upperBound, newSpan.upperBound) { forget(row) }
        span = newSpan

        for row in newSpan {
            let priority: FeedImage.Priority = row < visible.upperBound ? .visible : .prefetch
            let stamp = stamp(row)
            if !reread, let kept = rows[row], kept.stamp == stamp, kept.priority == priority || kept.picture == nil {
                continue
            }
            forget(row)
            let wanted = stamp == nil ? nil : picture(row).map { Self.key($0) }
            rows[row] = Row(stamp: stamp, priority: priority, picture: wanted)
            if let wanted { want(wanted, by: 1, at: priority) }
        }

        if newDetails != details {
            if let details { want(Self.key(details), by: -1, at: details.priority) }
            if let newDetails { want(Self.key(newDetails), by: 1, at: newDetails.priority) }
            details = newDetails
        }
        return takeChanges()
    }

    /// Stops counting a row's picture.
    private mutating func forget(_ row: Int) {
        guard let kept = rows.removeValue(forKey: row), let picture = kept.picture else { return }
        want(picture, by: -1, at: kept.priority)
    }

    private mutating func want(_ key: FeedImage, by count: Int, at priority: FeedImage.Priority) {
        if touchedIndex[key] == nil {
            touchedIndex[key] = touched.count
            touched.append((key, wants[key]?.top))
        }
        var counted = wants[key] ?? Wants()
        counted.add(count, at: priority)
        wants[key] = counted.top == nil ? nil : counted
    }

    /// The pictures whose most urgent priority changed since the loader was last told.
    private mutating func takeChanges() -> FeedImageChanges {
        guard !touched.isEmpty else { return FeedImageChanges() }
        var changes = FeedImageChanges()
        for (key, before) in touched {
            let now = wants[key]?.top
            guard now != before else { continue }
            if let now {
                changes.wanted.append(Self.at(key, now))
            } else if let before {
                changes.unwanted.append(Self.at(key, before))
            }
        }
        touched.removeAll(keepingCapacity: true)
        touchedIndex.removeAll(keepingCapacity: true)
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
