/// Where the loaded pages of a ``FeedItems`` sit in the whole list, and each one's stamp:
/// everything about the list's rows but the items.
///
/// Not generic, so code that is not specialized for the item type (a view model's, a frame's)
/// asks how long the list is, whether a row is loaded and what its stamp is without a type
/// looked up at run time, as each such call on the generic `FeedItems` needed: some hundred
/// a key in a held `j` (issue 29).
package struct PageLayout: Sendable, Equatable {
    /// `pageEnds[i]` is the absolute index just past page `i`.
    var pageEnds: [Int] = []
    /// `pageStamps[i]` is page `i`'s stamp, new whenever the page is put in or changed.
    var pageStamps: [UInt64] = []
    /// The absolute index of the first loaded row: the number of rows dropped before it.
    var startIndex = 0
    /// The number of rows dropped after the last loaded row.
    var placeholdersAfter = 0

    /// The first loaded page's stamp, nil when none is loaded.
    package var firstPageStamp: UInt64? { pageStamps.first }

    /// The absolute index just past the last loaded row.
    package var endIndex: Int { pageEnds.last ?? startIndex }

    /// Every position known: dropped before, loaded, and dropped after. A list's height.
    package var totalCount: Int { endIndex + placeholdersAfter }

    /// Whether the row at an absolute index is loaded: two comparisons.
    package func isLoaded(_ position: Int) -> Bool {
        position >= startIndex && position < endIndex
    }

    /// The stamp of the item at an absolute index (see `FeedItems.stamp(at:)`), nil for a
    /// placeholder or a position past the end.
    package func stamp(at position: Int) -> ItemStamp? {
        guard isLoaded(position) else { return nil }
        let page = pageIndex(containing: position)
        return ItemStamp(page: pageStamps[page], offset: position - rows(ofPage: page).lowerBound)
    }

    /// The stamps of the rows at `positions`, as ``stamp(at:)`` gives each, found walking the
    /// pages once instead of searching them for each row: a frame asks for the rows on screen
    /// and below.
    package func stamps(in positions: Range<Int>) -> [ItemStamp?] {
        var stamps = [ItemStamp?](repeating: nil, count: positions.count)
        let loaded = positions.clamped(to: startIndex..<max(startIndex, endIndex))
        guard !loaded.isEmpty else { return stamps }
        var page = pageIndex(containing: loaded.lowerBound)
        var pageStart = page == 0 ? startIndex : pageEnds[page - 1]
        for position in loaded {
            while position >= pageEnds[page] {
                pageStart = pageEnds[page]
                page += 1
            }
            stamps[position - positions.lowerBound] = ItemStamp(page: pageStamps[page], offset: position - pageStart)
        }
        return stamps
    }

    /// The loaded page holding `position` (which must be loaded): the first page ending after it.
    func pageIndex(containing position: Int) -> Int {
        var low = 0
        var high = pageEnds.count - 1
        while low < high {
            let middle = (low + high) / 2
            if pageEnds[middle] > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The absolute indices of loaded page `page`.
    func rows(ofPage page: Int) -> Range<Int> {
        (page == 0 ? startIndex : pageEnds[page - 1])..<pageEnds[page]
    }
}
