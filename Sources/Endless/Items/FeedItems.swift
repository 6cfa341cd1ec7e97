/// The items a ``Feed`` holds, indexed by their position in the whole list.
///
/// Indices are absolute and stable, like an `ArraySlice`'s: item 1,000 is `items[1000]`
/// whether or not the 500 before it are still in memory. When
/// `FeedConfiguration.maxLoadedItems` drops pages, ``startIndex`` moves up (and
/// ``placeholdersBefore`` counts the dropped items), or ``endIndex`` moves down (and
/// ``placeholdersAfter`` counts them); the indices of the items still loaded never change, and
/// a reloaded page comes back at the same indices. (Only removing an item, with
/// `Feed.remove(id:)`, moves the rows after it up by one, as removing from any list does.)
///
/// Why offset indices rather than an array padded with placeholders: a padded array costs
/// memory for every position ever seen (a million `nil`s after a million items), which defeats
/// the point of dropping pages; and an array re-based at 0 would shift every index the view
/// holds on each drop. Here the only cost of a drop is a few words of bookkeeping per page.
///
/// With no `maxLoadedItems`, nothing is ever dropped, ``startIndex`` is 0 and this behaves
/// like an array. With it, use `items.indices` (not `0..<items.count`) and
/// ``item(at:)`` (which returns `nil` for a placeholder) in views:
///
/// ```swift
/// for index in visibleRows {                       // absolute row numbers
///     if let person = feed.items.item(at: index) { draw(person) } else { drawPlaceholder() }
///     feed.itemAppeared(at: index)
/// }
/// ```
///
/// Storage is one array per page, so a copy (a snapshot) costs one reference per page, and
/// reading an index is a binary search over the pages.
///
/// Every page carries a stamp that no other page, in any feed, ever had (a page changed in
/// place takes a new one), so ``stamp(at:)`` tells a view whether a row shows the item it
/// showed before without copying or comparing the item (issue 29).
public struct FeedItems<Item: Identifiable & Sendable>: RandomAccessCollection, Sendable {
    /// The absolute index of every loaded item is an `Int`.
    public typealias Index = Int

    /// One array per loaded page, in list order (a page may be empty).
    private(set) var pages: [[Item]] = []
    /// Where the pages sit and their stamps: everything but the items.
    package private(set) var layout = PageLayout()

    /// `pageEnds[i]` is the absolute index just past page `i`.
    private var pageEnds: [Int] {
        _read { yield layout.pageEnds }
        _modify { yield &layout.pageEnds }
    }
    /// `pageStamps[i]` is page `i`'s stamp, new whenever the page is put in or changed.
    private var pageStamps: [UInt64] {
        _read { yield layout.pageStamps }
        _modify { yield &layout.pageStamps }
    }

    /// The absolute index of the first loaded item: the number of items dropped before it.
    public private(set) var startIndex: Int {
        get { layout.startIndex }
        set { layout.startIndex = newValue }
    }
    /// The number of items dropped after the last loaded item (after a scroll back up).
    public private(set) var placeholdersAfter: Int {
        get { layout.placeholdersAfter }
        set { layout.placeholdersAfter = newValue }
    }

    /// Creates an empty collection.
    public init() {}

    /// The absolute index just past the last loaded item.
    public var endIndex: Int { layout.endIndex }

    /// The number of items dropped before the first loaded item; equal to ``startIndex``.
    public var placeholdersBefore: Int { startIndex }

    /// Every position known: dropped before, loaded, and dropped after. A list's height.
    public var totalCount: Int { layout.totalCount }

    /// The loaded item at an absolute index.
    ///
    /// - Parameter position: an index in `startIndex..<endIndex`.
    /// - Returns: the item there; a position outside the loaded range traps, as for arrays.
    public subscript(position: Int) -> Item {
        precondition(isLoaded(position), "index \(position) outside the loaded items \(startIndex..<endIndex)")
        let page = pageIndex(containing: position)
        return pages[page][position - rows(ofPage: page).lowerBound]
    }

    /// Whether the item at an absolute index is loaded (not a placeholder, not past the end).
    ///
    /// Two comparisons: `indices.contains` goes through the generic `RandomAccessCollection`
    /// witnesses in code not specialized for the item type, and a frame asks this of every row,
    /// twice (issue 29).
    /// - Parameter position: any absolute index.
    /// - Returns: whether ``item(at:)`` has an item there.
    public func isLoaded(_ position: Int) -> Bool {
        layout.isLoaded(position)
    }

    /// The loaded item at an absolute index, or `nil` for a placeholder or a position past the
    /// end.
    ///
    /// - Parameter position: any absolute index.
    /// - Returns: the item, or `nil` if it is not loaded.
    public func item(at position: Int) -> Item? {
        isLoaded(position) ? self[position] : nil
    }

    /// What identifies the item at an absolute index: while a row's stamp is the same, so is
    /// its item (the same value, never merely an equal one), so a view that kept what it drew
    /// for a stamp can draw it again without reading the item. An item changed in place, or
    /// its page reloaded or refreshed, has a new stamp.
    ///
    /// - Parameter position: any absolute index.
    /// - Returns: the stamp, or `nil` for a placeholder or a position past the end.
    public func stamp(at position: Int) -> ItemStamp? {
        layout.stamp(at: position)
    }

    /// Calls `body` with the loaded item at an absolute index, without copying it out of its
    /// page; `nil` for a placeholder or a position past the end.
    ///
    /// - Parameters:
    ///   - position: any absolute index.
    ///   - body: reads the item.
    /// - Returns: what `body` returns, or `nil` if the item is not loaded.
    public func withItem<Result>(at position: Int, _ body: (borrowing Item) throws -> Result) rethrows -> Result? {
        guard isLoaded(position) else { return nil }
        let page = pageIndex(containing: position)
        let offset = position - rows(ofPage: page).lowerBound
        return try pages[page].withUnsafeBufferPointer { try body($0[offset]) }
    }

    /// Iterates page by page, without a search per item.
    ///
    /// - Returns: an iterator over the loaded items, in order.
    public func makeIterator() -> Iterator {
        Iterator(pages: pages)
    }

    /// Walks the loaded items in order.
    public struct Iterator: IteratorProtocol {
        private let pages: [[Item]]
        private var page = 0
        private var offset = 0

        init(pages: [[Item]]) { self.pages = pages }

        /// Advances to the next item.
        ///
        /// - Returns: the next item, or `nil` after the last.
        public mutating func next() -> Item? {
            while page < pages.count {
                if offset < pages[page].count {
                    defer { offset += 1 }
                    return pages[page][offset]
                }
                page += 1
                offset = 0
            }
            return nil
        }
    }
}

extension FeedItems: Equatable where Item: Equatable {
    /// Equal when the same items sit at the same absolute indices with the same placeholders,
    /// however they are split into pages.
    public static func == (lhs: FeedItems, rhs: FeedItems) -> Bool {
        // The same stamps hold the same items: no need to compare them one by one.
        if lhs.layout == rhs.layout { return true }
        return lhs.startIndex == rhs.startIndex && lhs.placeholdersAfter == rhs.placeholdersAfter
            && lhs.elementsEqual(rhs)
    }
}

// Mutations, used by the feed's page store only: they keep pages and pageEnds in step.
extension FeedItems {
    /// The loaded page holding `position` (which must be loaded): the first page ending after it.
    func pageIndex(containing position: Int) -> Int {
        layout.pageIndex(containing: position)
    }

    /// The absolute indices of loaded page `page`.
    func rows(ofPage page: Int) -> Range<Int> {
        layout.rows(ofPage: page)
    }

    mutating func removeAll() {
        self = FeedItems()
    }

    mutating func appendPage(_ items: [Item]) {
        pages.append(items)
        pageEnds.append(endIndex + items.count)
        pageStamps.append(ItemStamp.newPage())
    }

    /// Puts a page before the first one. A reloaded page fills the placeholders it left
    /// (`intoPlaceholders`); a page never seen before moves every index up by its size.
    mutating func prependPage(_ items: [Item], intoPlaceholders: Bool) {
        if intoPlaceholders {
            precondition(items.count <= startIndex, "a reloaded page larger than its placeholders")
            startIndex -= items.count
        } else {
            pageEnds = pageEnds.map { $0 + items.count }
        }
        pages.insert(items, at: 0)
        pageEnds.insert(startIndex + items.count, at: 0)
        pageStamps.insert(ItemStamp.newPage(), at: 0)
    }

    /// Drops the first page; its items become placeholders.
    mutating func dropFirstPage() -> [Item] {
        startIndex = pageEnds.removeFirst()
        pageStamps.removeFirst()
        return pages.removeFirst()
    }

    /// Drops the last page; its items become placeholders.
    mutating func dropLastPage() -> [Item] {
        pageEnds.removeLast()
        pageStamps.removeLast()
        let items = pages.removeLast()
        placeholdersAfter += items.count
        return items
    }

    /// Fills placeholders after the last page with a reloaded page.
    mutating func appendPageIntoPlaceholders(_ items: [Item]) {
        precondition(items.count <= placeholdersAfter, "a reloaded page larger than its placeholders")
        placeholdersAfter -= items.count
        appendPage(items)
    }

    /// Makes every loaded item a placeholder and puts the (empty) loaded range at `start`, with
    /// `placeholdersAfter` positions after it: the list keeps its length, nothing is loaded.
    mutating func removeAllPages(placingStartAt start: Int, placeholdersAfter after: Int) {
        precondition(start >= 0 && after >= 0, "a window outside the list")
        pages = []
        pageEnds = []
        pageStamps = []
        startIndex = start
        placeholdersAfter = after
    }

    /// Drops every page after the first `count`, and every placeholder after them.
    mutating func keepFirstPages(_ count: Int) {
        pages.removeLast(pages.count - count)
        pageEnds.removeLast(pageEnds.count - count)
        pageStamps.removeLast(pageStamps.count - count)
        placeholdersAfter = 0
    }

    /// Replaces the item at a loaded index.
    mutating func replace(at position: Int, with item: Item) {
        let page = pageIndex(containing: position)
        let pageStart = page == 0 ? startIndex : pageEnds[page - 1]
        pages[page][position - pageStart] = item
        pageStamps[page] = ItemStamp.newPage()
    }

    /// Removes the item at a loaded index; every later index moves up by one.
    ///
    /// - Returns: the page the item was in, and its offset in that page.
    mutating func remove(at position: Int) -> (page: Int, offset: Int) {
        let page = pageIndex(containing: position)
        let pageStart = page == 0 ? startIndex : pageEnds[page - 1]
        pages[page].remove(at: position - pageStart)
        pageStamps[page] = ItemStamp.newPage()
        for later in page..<pageEnds.count { pageEnds[later] -= 1 }
        return (page, position - pageStart)
    }
}
