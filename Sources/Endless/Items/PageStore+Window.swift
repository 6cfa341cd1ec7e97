// Moving the loaded window, and the fingerprints that keep ids unique across dropped pages.
extension PageStore {
    /// Where a dropped page sits: before or after the loaded window, and its place in that
    /// array.
    struct DroppedPlace: Equatable {
        var isBefore: Bool
        var index: Int
    }

    /// The dropped page holding an absolute row, if that row is a placeholder.
    func droppedPlace(containing row: Int) -> DroppedPlace? {
        if row < items.startIndex {
            var end = items.startIndex
            for index in droppedBefore.indices.reversed() {
                let start = end - droppedBefore[index].count
                if row >= start { return DroppedPlace(isBefore: true, index: index) }
                end = start
            }
        } else if row >= items.endIndex {
            var start = items.endIndex
            for index in droppedAfter.indices.reversed() {
                let end = start + droppedAfter[index].count
                if row < end { return DroppedPlace(isBefore: false, index: index) }
                start = end
            }
        }
        return nil
    }

    /// How many dropped pages lie between the loaded window and `row` (0: `row` is in the
    /// nearest dropped page), or `nil` if the row is loaded or past every known page.
    func droppedPagesAway(to row: Int) -> Int? {
        guard let place = droppedPlace(containing: row) else { return nil }
        let array = place.isBefore ? droppedBefore : droppedAfter
        return array.count - 1 - place.index
    }

    /// Unloads every loaded page (they become dropped pages, reloadable by key) and puts the
    /// empty window just before the dropped page at `place`, so the next append reloads that
    /// page and the next prepend the one before it: how the feed goes straight to rows far
    /// from what is loaded instead of loading every page in between.
    ///
    /// - Returns: `false` (and changes nothing) when a loaded page has no key to reload it by.
    mutating func moveWindow(toRecordAt place: DroppedPlace) -> Bool {
        var loadedRecords = loaded
        for index in loadedRecords.indices where loadedRecords[index].key == nil {
            let neighbourKey =
                index > 0
                ? loadedRecords[index - 1].nextKey
                : index + 1 < loadedRecords.count
                    ? loadedRecords[index + 1].previousKey
                    : droppedBefore.last?.nextKey ?? droppedAfter.last?.previousKey
            guard let neighbourKey else { return false }
            loadedRecords[index].key = neighbourKey
        }
        // The whole list in order, then cut just before the target page.
        var list = droppedBefore + loadedRecords + droppedAfter.reversed()
        let target =
            place.isBefore ? place.index : droppedBefore.count + loaded.count + (droppedAfter.count - 1 - place.index)
        let after = Array(list[target...].reversed())
        list.removeSubrange(target...)
        forget(Array(items))
        let start = list.reduce(0) { $0 + $1.count }
        let rest = after.reduce(0) { $0 + $1.count }
        droppedBefore = list
        droppedAfter = after
        loaded = []
        pageKeys = []
        items.removeAllPages(placingStartAt: start, placeholdersAfter: rest)
        return true
    }

    /// The fingerprints of dropped pages within ``horizon`` of one end of the loaded window:
    /// the ids a new page at that end could repeat and that a later reload would bring back.
    func fingerprintsNear(end atEnd: Bool) -> Set<Int> {
        guard let horizon else { return [] }
        var near = Set<Int>()
        var span = items.count
        // A new page arrives only where nothing is dropped beyond the window at that end, so
        // its dropped neighbours are on the other side of the window.
        let dropped = atEnd ? droppedBefore : droppedAfter
        for record in dropped.reversed() {
            guard span < horizon else { break }
            near.formUnion(record.fingerprints)
            span += record.count
        }
        return near
    }

    /// Frees the fingerprints of dropped pages that have fallen beyond ``horizon`` of the end
    /// where the list grows (and of the other end), so memory stays a few words per page.
    mutating func forgetFarFingerprints(growingAtEnd atEnd: Bool) {
        guard let horizon else { return }
        let total = items.totalCount
        if atEnd {
            // Pages before the window, nearest first: distance to the end grows as we go.
            var startOfRecord = items.startIndex
            for index in droppedBefore.indices.reversed() {
                startOfRecord -= droppedBefore[index].count
                let toEnd = total - startOfRecord - droppedBefore[index].count
                guard toEnd > horizon else { continue }
                if droppedBefore[index].fingerprints.isEmpty { break }
                // Pages near the start keep theirs: the list may grow there too.
                if startOfRecord > horizon { droppedBefore[index].fingerprints = [] }
            }
        } else {
            var endOfRecord = items.endIndex
            for index in droppedAfter.indices.reversed() {
                let start = endOfRecord
                endOfRecord += droppedAfter[index].count
                guard start > horizon else { continue }
                if droppedAfter[index].fingerprints.isEmpty { break }
                if total - endOfRecord > horizon { droppedAfter[index].fingerprints = [] }
            }
        }
    }
}
