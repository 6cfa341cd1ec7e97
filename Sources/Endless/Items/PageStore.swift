/// What a feed has loaded: the items, per-page keys, the ids that keep items unique, and a
/// small record of every page dropped to save memory, so it can be reloaded at its old indices.
///
/// A plain value, confined to the feed's actor; it makes no decisions about when to load or
/// drop (that is the feed's job), it only keeps the books straight.
///
/// The whole list, in order, is `droppedBefore + loaded + droppedAfter.reversed()`: the loaded
/// pages are one run (possibly empty, after ``moveWindow(toRecordAt:)``), with the records of
/// dropped pages on either side.
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
        /// Positions in the source's page that were skipped (duplicates, removed items); a
        /// reload skips the same positions, so it lands on exactly the indices the page had.
        var skipped: [Int]
        /// How many items the page contributed.
        var count: Int
        /// A hash of the ids it contributed, in order: a reload must bring the same ones.
        var digest: Int
        /// Hashes of the ids the page contributed, kept while the page is near an end of the
        /// list, so a new page there skips an id a dropped neighbour already showed (and the
        /// neighbour's reload still fits). Empty far from both ends.
        var fingerprints: [Int] = []
    }

    /// How far (in items) from each end of the list dropped pages keep their fingerprints:
    /// the most a window of loaded pages spans. `nil` when nothing is ever dropped.
    let horizon: Int?

    var items = FeedItems<Item>()
    /// Records of the loaded pages, in list order (parallel to `items.pages`).
    var loaded: [PageRecord] = []
    /// Keys of the loaded pages, kept as their own array so snapshots copy it for free.
    var pageKeys: [Key?] = []
    /// Pages dropped before the first loaded page; the last element is the nearest.
    var droppedBefore: [PageRecord] = []
    /// Pages dropped after the last loaded page; the last element is the nearest.
    var droppedAfter: [PageRecord] = []
    var ids: Set<Item.ID> = []
    /// Items changed by ``replace(_:)``, put back whenever their page is reloaded.
    var replacements: [Item.ID: Item] = [:]
    /// Items taken out by ``remove(id:)``: skipped wherever they turn up again.
    var removedIDs: Set<Item.ID> = []

    init(horizon: Int? = nil) {
        self.horizon = horizon
    }

    /// Whether nothing is known: no page loaded or dropped.
    ///
    /// Counted, not `isEmpty`: the feed's generic code (not specialized for its source) reads
    /// it on every report of the rows on screen, and an array's `isEmpty` there is
    /// `Collection`'s, found through a witness table looked up at run time each call; `count`
    /// is the array's own.
    var isEmpty: Bool { loaded.count == 0 && droppedBefore.count == 0 && droppedAfter.count == 0 }

    /// The request for a page beyond the loaded ones, if its key is known here: `offset` 0 is
    /// the page next to the loaded ones at that end, 1 the one after it, and so on through the
    /// dropped pages, then the first page never loaded (by its neighbour's key). `nil` past
    /// that, or where the list ends.
    func request(_ direction: LoadDirection, offset: Int, pageSize: Int) -> PageRequest<Key>? {
        let atEnd = direction != .prepend
        let dropped = atEnd ? droppedAfter : droppedBefore
        if offset < dropped.count {
            let record = dropped[dropped.count - 1 - offset]
            return record.key.map { PageRequest(direction: direction, key: $0, loadSize: record.loadSize) }
        }
        guard offset == dropped.count else { return nil }
        let outermost =
            atEnd
            ? droppedAfter.first ?? loaded.last ?? droppedBefore.last
            : droppedBefore.first ?? loaded.first ?? droppedAfter.last
        let key = atEnd ? outermost?.nextKey : outermost?.previousKey
        return key.map { PageRequest(direction: direction, key: $0, loadSize: pageSize) }
    }

    /// How many items the page at `offset` beyond the loaded ones will bring: a dropped page's
    /// count, else the size asked for.
    func expectedCount(_ direction: LoadDirection, offset: Int, loadSize: Int) -> Int {
        let dropped = direction == .prepend ? droppedBefore : droppedAfter
        return offset < dropped.count ? dropped[dropped.count - 1 - offset].count : loadSize
    }

    /// Whether the next page at that end is a dropped one (its placeholders are waiting).
    func nextIsReload(_ direction: LoadDirection) -> Bool {
        direction == .prepend ? !droppedBefore.isEmpty : !droppedAfter.isEmpty
    }

    /// Replaces everything with a refreshed first page.
    mutating func reset(with page: Page<Item, Key>, request: PageRequest<Key>) {
        self = PageStore(horizon: horizon)
        let (kept, skipped, fingerprints) = unique(page.items, atEnd: true)
        let record = record(of: page, request: request, skipped: skipped, kept: kept, fingerprints: fingerprints)
        insert(kept, record: record, atEnd: true)
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
        var record: PageRecord
        if let dropped {
            kept = try reloaded(page.items, as: dropped, direction: request.direction)
            // By index: a `for in` copies each item out (generic code, see `unique`).
            for index in kept.indices { ids.insert(kept[index].id) }
            if atEnd { droppedAfter.removeLast() } else { droppedBefore.removeLast() }
            var fingerprints: [Int] = []
            if horizon != nil {
                fingerprints.reserveCapacity(kept.count)
                for index in kept.indices { fingerprints.append(kept[index].id.hashValue) }
            }
            record = self.record(of: page, request: request, skipped: dropped.skipped, kept: kept, fingerprints: fingerprints)
            // Reloads keep the key the page had: the request's may differ (a first page loaded
            // with no key is reloaded through its neighbour's key).
            if dropped.key != nil { record.key = dropped.key }
            record.rawCount = dropped.rawCount
        } else {
            let skipped: [Int]
            let fingerprints: [Int]
            (kept, skipped, fingerprints) = unique(page.items, atEnd: atEnd)
            record = self.record(of: page, request: request, skipped: skipped, kept: kept, fingerprints: fingerprints)
        }
        insert(kept, record: record, atEnd: atEnd, intoPlaceholders: dropped != nil)
        if dropped == nil { forgetFarFingerprints(growingAtEnd: atEnd) }
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
        guard items.isLoaded(index) else { return nil }
        return pageKeys[items.pageIndex(containing: index)]
    }

    // MARK: - Helpers

    /// - Parameter fingerprints: the kept items' ids' hash values, kept only with a
    ///   ``horizon``.
    private func record(of page: Page<Item, Key>, request: PageRequest<Key>, skipped: [Int], kept: [Item], fingerprints: [Int])
        -> PageRecord
    {
        PageRecord(
            key: page.key ?? request.key, previousKey: page.previousKey, nextKey: page.nextKey,
            loadSize: request.loadSize, rawCount: page.items.count, skipped: skipped, count: kept.count,
            digest: Self.digest(of: kept), fingerprints: horizon == nil ? [] : fingerprints)
    }

    /// A hash of the ids of some items, in order.
    static func digest(of items: some Sequence<Item>) -> Int {
        var hasher = Hasher()
        for item in items { hasher.combine(item.id) }
        return hasher.finalize()
    }

    /// Puts `kept` in at one end; their ids are in ``ids`` already.
    private mutating func insert(_ kept: [Item], record: PageRecord, atEnd: Bool, intoPlaceholders: Bool = false) {
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

    mutating func forget(_ dropped: [Item]) {
        for item in dropped { ids.remove(item.id) }
    }

    /// The items of a new page whose ids are not shown yet (loaded, or dropped nearby, or
    /// repeated within the page), with changed items put in, and the positions skipped.
    /// Also returns the kept items' fingerprints (their ids' hash values), worked out once
    /// here. Each item's id is read once, and an item is copied only to be kept: this is
    /// generic code, run unspecialized for every page (issue 29). The kept ids go into
    /// ``ids`` as they are found new, which also finds an id repeated within the page: one
    /// set operation an item instead of three (a look in ``ids``, a set of the page's own,
    /// and the insertion afterwards).
    private mutating func unique(_ items: [Item], atEnd: Bool) -> (kept: [Item], skipped: [Int], fingerprints: [Int]) {
        let nearby = fingerprintsNear(end: atEnd)
        var kept: [Item] = []
        var skipped: [Int] = []
        var fingerprints: [Int] = []
        kept.reserveCapacity(items.count)
        fingerprints.reserveCapacity(items.count)
        for position in items.indices {
            let id = items[position].id
            let fingerprint = id.hashValue
            if (!removedIDs.isEmpty && removedIDs.contains(id)) || (!nearby.isEmpty && nearby.contains(fingerprint))
                || !ids.insert(id).inserted
            {
                skipped.append(position)
            } else {
                kept.append(replacements.isEmpty ? items[position] : replacements[id] ?? items[position])
                fingerprints.append(fingerprint)
            }
        }
        return (kept, skipped, fingerprints)
    }

    /// A reloaded page, with the same positions skipped as the first time (and changed items
    /// put back). It must fill its placeholders exactly and repeat no loaded id, or indices
    /// would move.
    private func reloaded(_ items: [Item], as dropped: PageRecord, direction: LoadDirection) throws -> [Item] {
        let changed = { (received: Int) in
            FeedError.pageChanged(direction: direction, expectedCount: dropped.count, receivedCount: received)
        }
        guard items.count == dropped.rawCount else { throw changed(items.count) }
        let skip = Set(dropped.skipped)
        var seen = Set<Item.ID>()
        var fresh: [Item] = []
        fresh.reserveCapacity(dropped.count)
        for (position, item) in items.enumerated() where !skip.contains(position) {
            guard !ids.contains(item.id), seen.insert(item.id).inserted else { continue }
            fresh.append(replacements[item.id] ?? item)
        }
        // The same number of items is not enough: they must be the same items.
        guard fresh.count == dropped.count, Self.digest(of: fresh) == dropped.digest else { throw changed(fresh.count) }
        return fresh
    }
}
