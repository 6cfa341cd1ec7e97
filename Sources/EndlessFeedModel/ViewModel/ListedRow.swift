import Endless

/// What a list needs of a loaded row besides drawing it: which item it shows (its stamp and
/// id) and the picture it asks for. The view model keeps it while the row's item stays the same
/// (``FeedViewModel/listedRow(at:)``), so a frame that only moves the selection reads, copies
/// and summarizes no item whose row did not change (issue 29).
public struct ListedRow<ID: Hashable> {
    /// The row's item, as ``FeedItems/stamp(at:)`` identifies it.
    public let stamp: ItemStamp
    /// The item's id.
    public let id: ID
    /// The id as `String(describing:)` writes it, the form stars and saved places use.
    public let idText: String
    /// The item's picture at visible priority, or nil when images are off or it has none.
    public let image: FeedImage?
}

/// The view model's ``ListedRow``s near the rows on screen, by index, for one image sizing.
struct ListedRows<ID: Hashable> {
    /// The most rows kept: a few screens' worth.
    static var capacity: Int { 256 }

    /// The sizing the rows' pictures were asked at.
    var sizing: ImageSizing?
    private(set) var rows: [Int: ListedRow<ID>] = [:]

    /// The row kept at `index` if it still shows the item stamped `stamp`.
    func row(at index: Int, stamp: ItemStamp) -> ListedRow<ID>? {
        guard let kept = rows[index], kept.stamp == stamp else { return nil }
        return kept
    }

    /// Keeps `row` at `index`; past ``capacity``, forgets the rows farthest from `shown`.
    mutating func keep(_ row: ListedRow<ID>, at index: Int, near shown: Range<Int>) {
        rows[index] = row
        guard rows.count > Self.capacity else { return }
        let span = max(shown.count, 1) * 2
        let near = (shown.lowerBound - span)..<(shown.upperBound + span)
        rows = rows.filter { near.contains($0.key) }
        if rows.count > Self.capacity { rows = [index: row] }
    }
}
