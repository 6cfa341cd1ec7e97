// Refreshing the loaded pages in place, and finding items.
extension PageStore {
    /// Replaces the loaded pages from `first` on with refreshed pages, keeping every index
    /// before them: the loaded pages before `first` become dropped pages (reloadable by key),
    /// and everything after the refreshed pages is forgotten (it loads again on demand).
    /// Edits made with ``replace(_:)`` and ``remove(id:)`` end here, as they do with a reset:
    /// the refreshed pages are the source's word.
    ///
    /// - Parameters:
    ///   - first: the index among the loaded pages of the first page refreshed.
    ///   - pages: the refreshed pages and their requests, in list order.
    /// - Returns: `false` (changing nothing) when a page before `first` has no key to be
    ///   reloaded by; the caller then replaces everything.
    mutating func replaceLoaded(from first: Int, with pages: [(Page<Item, Key>, PageRequest<Key>)]) -> Bool {
        var store = self
        for _ in 0..<first {
            guard store.dropPage(atEnd: false) else { return false }
        }
        store.forget(Array(store.items))
        store.loaded = []
        store.pageKeys = []
        store.droppedAfter = []
        store.replacements = [:]
        store.removedIDs = []
        store.items.removeAllPages(placingStartAt: store.items.startIndex, placeholdersAfter: 0)
        for (index, (page, request)) in pages.enumerated() {
            var request = request
            request.direction = .append
            // A new page at the end of the list, so it always fits (only reloads can throw).
            _ = try? store.add(page, request: request)
            // A page that no longer leads to the next one ends the refreshed run there.
            if index + 1 < pages.count, page.nextKey != pages[index + 1].1.key { break }
        }
        self = store
        return true
    }

    /// The absolute index of a loaded item.
    func index(of id: Item.ID) -> Int? {
        guard ids.contains(id) else { return nil }
        var start = items.startIndex
        for page in items.pages {
            if let offset = page.firstIndex(where: { $0.id == id }) { return start + offset }
            start += page.count
        }
        return nil
    }
}
