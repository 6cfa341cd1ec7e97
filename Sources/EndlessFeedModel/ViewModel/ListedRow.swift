import Endless

/// What a list needs of a loaded row besides drawing it: which item it shows (its stamp and
/// id) and the picture it asks for. The view model keeps it while the row's item stays the same
/// (``FeedViewModel/listedRow(at:)``), so a frame that only moves the selection reads, copies
/// and summarizes no item whose row did not change (issue 29). An object, so handing one to
/// each frame's row copies a reference, not its strings and URL.
public final class ListedRow<ID: Hashable> {
    /// The row's item, as `FeedItems.stamp(at:)` identifies it.
    public let stamp: ItemStamp
    /// The item's id.
    public let id: ID
    /// The id as `String(describing:)` writes it, the form stars and saved places use.
    public let idText: String
    /// The item's picture at visible priority, or nil when images are off or it has none.
    public let image: FeedImage?

    init(stamp: ItemStamp, id: ID, idText: String, image: FeedImage?) {
        self.stamp = stamp
        self.id = id
        self.idText = idText
        self.image = image
    }
}

/// The view model's ``ListedRow``s near the rows on screen, for one image sizing: a row's
/// place is its index modulo the capacity, so finding one hashes nothing, and the rows kept are
/// bounded by it (a few screens' worth, whatever the length of the session).
struct ListedRows<ID: Hashable> {
    /// The most rows kept.
    static var capacity: Int { 256 }

    /// The sizing the rows' pictures were asked at.
    var sizing: ImageSizing?
    private var slots: [(index: Int, row: ListedRow<ID>)?] = Array(repeating: nil, count: capacity)

    init(sizing: ImageSizing? = nil) {
        self.sizing = sizing
    }

    /// The row kept at `index` if it still shows the item stamped `stamp`.
    func row(at index: Int, stamp: ItemStamp) -> ListedRow<ID>? {
        guard let kept = slots[Self.slot(index)], kept.index == index, kept.row.stamp == stamp else { return nil }
        return kept.row
    }

    /// Keeps `row` at `index`, in place of the row kept in its slot.
    mutating func keep(_ row: ListedRow<ID>, at index: Int) {
        slots[Self.slot(index)] = (index, row)
    }

    private static func slot(_ index: Int) -> Int {
        let slot = index % capacity
        return slot < 0 ? slot + capacity : slot
    }
}
