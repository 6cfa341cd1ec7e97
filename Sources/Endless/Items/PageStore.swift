/// What a feed has loaded: the items, per-page keys, the ids that keep items unique, and a
/// small record of every page dropped to save memory, so it can be reloaded at its old indices.
///
/// A plain value, confined to the feed's actor; it makes no decisions about when to load or
/// drop (that is the feed's job), it only keeps the books straight.
struct PageStore<Item: Identifiable & Sendable, Key: Hashable & Sendable> {
    /// What the store remembers of a page, loaded or dropped.
    struct PageRecord {
        /// The key that reloads the page (the page's own key, else the request's).
        var key: Key?
        var previousKey: Key?
        var nextKey: Key?
        /// The size it was requested with, so a reload asks for the same page.
        var loadSize: Int
        /// How many items the source returned, before duplicates were skipped.
        var rawCount: Int
        /// Positions in the source's page that were skipped as duplicates; a reload skips the
        /// same positions, so it lands on exactly the indices the page had.
        var skipped: [Int]
        /// How many items the page contributed.
        var count: Int
    }

    private(set) var items = FeedItems<Item>()
    /// Records of the loaded pages, in list order (parallel to `items.pages`).
    private(set) var loaded: [PageRecord] = []
    /// Keys of the loaded pages, kept as their own array so snapshots copy it for free.
    private(set) var pageKeys: [Key?] = []
    /// Pages dropped before the first loaded page; the last element is the nearest.
    private(set) var droppedBefore: [PageRecord] = []
    /// Pages dropped after the last loaded page; the last element is the nearest.
    private(set) var droppedAfter: [PageRecord] = []
    private var ids: Set<Item.ID> = []

    var isEmpty: Bool { loaded.isEmpty }
    var pageCount: Int { loaded.count }

    /// The request that loads the next page at the end: a dropped page first, else the last
    /// page's `nextKey`; `nil` when the list ends there.
    func appendRequest(pageSize: Int) -> PageRequest<Key>? {
        if let dropped = droppedAfter.last {
            guard let key = dropped.key ?? loaded.last?.nextKey else { return nil }
            return PageRequest(direction: .append, key: key, loadSize: dropped.loadSize)
        }
        guard let key = loaded.last?.nextKey else { return nil }
        return PageRequest(direction: .append, key: key, loadSize: pageSize)
    }

    /// The request that loads the page before the first: a dropped page first, else the first
    /// page's `previousKey`; `nil` when the list starts there.
    func prependRequest(pageSize: Int) -> PageRequest<Key>? {
        if let dropped = droppedBefore.last {
            guard let key = dropped.key ?? loaded.first?.previousKey else { return nil }
            return PageRequest(direction: .prepend, key: key, loadSize: dropped.loadSize)
        }
        guard let key = loaded.first?.previousKey else { return nil }
        return PageRequest(direction: .prepend, key: key, loadSize: pageSize)
    }

    /// Replaces everything with a refreshed first page.
    mutating func reset(with page: Page<Item, Key>, request: PageRequest<Key>) {
        self = PageStore()
        let (kept, skipped) = unique(page.items)
        insert(kept, record: record(of: page, request: request, skipped: skipped, count: kept.count), atEnd: true)
    }

    /// Adds a page at one end and returns how many new items it brought. A page that fills
    /// dropped placeholders must bring back exactly what it had.
    ///
    /// - Throws: ``FeedError/pageChanged(direction:expectedCount:receivedCount:)`` when a
    ///   reloaded page no longer matches its placeholders.
    mutating func add(_ page: Page<Item, Key>, request: PageRequest<Key>) throws -> Int {
        let atEnd = request.direction != .prepend
        let dropped = atEnd ? droppedAfter.last : droppedBefore.last
        let kept: [Item]
        let skipped: [Int]
        if let dropped {
            kept = try reloaded(page.items, as: dropped, direction: request.direction)
            skipped = dropped.skipped
            if atEnd { droppedAfter.removeLast() } else { droppedBefore.removeLast() }
        } else {
            (kept, skipped) = unique(page.items)
        }
        var record = record(of: page, request: request, skipped: skipped, count: kept.count)
        // Reloads keep the key the page had: the request's may differ (a first page loaded
        // with no key is reloaded through its neighbour's key).
        if let dropped, dropped.key != nil { record.key = dropped.key }
        insert(kept, record: record, atEnd: atEnd, intoPlaceholders: dropped != nil)
        return kept.count
    }

    /// Drops the first or last loaded page, remembering how to reload it. Returns `false` (and
    /// keeps the page) when no key could reload it, or when it is the only page.
    mutating func dropPage(atEnd: Bool) -> Bool {
        guard loaded.count > 1 else { return false }
        if atEnd {
            var record = loaded[loaded.count - 1]
            record.key = record.key ?? loaded[loaded.count - 2].nextKey
            guard record.key != nil else { return false }
            forget(items.dropLastPage())
            loaded.removeLast()
            pageKeys.removeLast()
            droppedAfter.append(record)
        } else {
            var record = loaded[0]
            record.key = record.key ?? loaded[1].previousKey
            guard record.key != nil else { return false }
            forget(items.dropFirstPage())
            loaded.removeFirst()
            pageKeys.removeFirst()
            droppedBefore.append(record)
        }
        return true
    }

    /// The key of the loaded page holding an absolute index, if that index is loaded.
    func pageKey(containing index: Int) -> Key? {
        guard items.indices.contains(index) else { return nil }
        return pageKeys[items.pageIndex(containing: index)]
    }

    // MARK: - Helpers

    private func record(of page: Page<Item, Key>, request: PageRequest<Key>, skipped: [Int], count: Int)
        -> PageRecord
    {
        PageRecord(
            key: page.key ?? request.key, previousKey: page.previousKey, nextKey: page.nextKey,
            loadSize: request.loadSize, rawCount: page.items.count, skipped: skipped, count: count)
    }

    private mutating func insert(_ kept: [Item], record: PageRecord, atEnd: Bool, intoPlaceholders: Bool = false) {
        for item in kept { ids.insert(item.id) }
        if atEnd {
            if intoPlaceholders { items.appendPageIntoPlaceholders(kept) } else { items.appendPage(kept) }
            loaded.append(record)
            pageKeys.append(record.key)
        } else {
            items.prependPage(kept, intoPlaceholders: intoPlaceholders)
            loaded.insert(record, at: 0)
            pageKeys.insert(record.key, at: 0)
        }
    }

    private mutating func forget(_ dropped: [Item]) {
        for item in dropped { ids.remove(item.id) }
    }

    /// The items of a new page whose ids are not loaded yet (nor repeated within the page),
    /// and the positions skipped.
    private func unique(_ items: [Item]) -> (kept: [Item], skipped: [Int]) {
        var seen = Set<Item.ID>()
        var kept: [Item] = []
        var skipped: [Int] = []
        kept.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            if ids.contains(item.id) || !seen.insert(item.id).inserted {
                skipped.append(position)
            } else {
                kept.append(item)
            }
        }
        return (kept, skipped)
    }

    /// A reloaded page, with the same positions skipped as the first time. It must fill its
    /// placeholders exactly and repeat no loaded id, or indices would move.
    private func reloaded(_ items: [Item], as dropped: PageRecord, direction: LoadDirection) throws -> [Item] {
        let changed = { (received: Int) in
            FeedError.pageChanged(direction: direction, expectedCount: dropped.count, receivedCount: received)
        }
        guard items.count == dropped.rawCount else { throw changed(items.count) }
        let skip = Set(dropped.skipped)
        let kept = items.enumerated().filter { !skip.contains($0.offset) }.map(\.element)
        let fresh = unique(kept).kept
        guard fresh.count == dropped.count else { throw changed(fresh.count) }
        return fresh
    }
}
