// Refreshing the loaded pages in place, and finding items.
extension PageStore {
    /// Replaces the loaded pages from `first` on with refreshed pages, keeping every index
    /// before them (the loaded pages before `first` stay as they are); everything after the
    /// refreshed pages is forgotten, and loads again on demand. Edits made with
    /// ``replace(_:)`` and ``remove(id:)`` end here, as they do with a reset: the refreshed
    /// pages are the source's word.
    ///
    /// - Parameters:
    ///   - first: the index among the loaded pages of the first page refreshed.
    ///   - pages: the refreshed pages and their requests, in list order.
    mutating func replaceLoaded(from first: Int, with pages: [(Page<Item, Key>, PageRequest<Key>)]) {
        forget(items.pages[first...].flatMap { $0 })
        items.keepFirstPages(first)
        loaded.removeSubrange(first...)
        pageKeys.removeSubrange(first...)
        droppedAfter = []
        replacements = [:]
        removedIDs = []
        for (index, (page, request)) in pages.enumerated() {
            var request = request
            request.direction = .append
            // A new page at the end of the list, so it always fits (only reloads can throw).
            _ = try? add(page, request: request)
            // A page that no longer leads to the next one ends the refreshed run there.
            if index + 1 < pages.count, page.nextKey != pages[index + 1].1.key { break }
        }
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
