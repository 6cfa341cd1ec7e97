import Endless

/// What a list needs of a loaded row besides drawing it: which item it shows (its stamp and
/// id) and the picture it asks for. The view model keeps it while the row's item stays the same
/// (``FeedViewModel/listedRow(at:)``), so a frame that only moves the selection reads, copies
/// and summarizes no item whose row did not change (issue 29). An object, so handing one to
/// each frame's row copies a reference, not its strings and URL.
///
/// Not generic: the id is kept as text, so code that handles a row (each row of each frame)
/// needs no type looked up at run time, as it did for every generic type it touched.
public final class ListedRow {
    /// The row's item, as `FeedItems.stamp(at:)` identifies it.
    public let stamp: ItemStamp
    /// The item's id as `String(describing:)` writes it, the form stars and saved places use.
    public let idText: String
    /// The item's picture at visible priority, or nil when images are off or it has none.
    public let image: FeedImage?

    init(stamp: ItemStamp, idText: String, image: FeedImage?) {
        self.stamp = stamp
        self.idText = idText
        self.image = image
    }
}

/// The view model's ``ListedRow``s near the rows on screen, for one image sizing (the view
/// model lets them go when its sizing changes): a row's place is its index modulo the
/// capacity, so finding one hashes nothing, and the rows kept are bounded by it (a few
/// screens' worth, whatever the length of the session).
struct ListedRows {
    /// The most rows kept.
    static var capacity: Int { 256 }

    /// Each slot's row and the index it was kept at: two arrays, not one of optional tuples,
    /// whose element type is looked up at run time at each use.
    private var indices: [Int] = Array(repeating: -1, count: capacity)
    private var rows: [ListedRow?] = Array(repeating: nil, count: capacity)

    /// The row kept at `index` if it still shows the item stamped `stamp`.
    func row(at index: Int, stamp: ItemStamp) -> ListedRow? {
        let slot = Self.slot(index)
        guard indices[slot] == index, let row = rows[slot], row.stamp == stamp else { return nil }
        return row
    }

    /// Keeps `row` at `index`, in place of the row kept in its slot.
    mutating func keep(_ row: ListedRow, at index: Int) {
        let slot = Self.slot(index)
        indices[slot] = index
        rows[slot] = row
    }

    private static func slot(_ index: Int) -> Int {
        let slot = index % capacity
        return slot < 0 ? slot + capacity : slot
    }
}
