import Endless
import EndlessImages
import EndlessTerminal

/// The memo of a feed's list rows, whatever the feed (see ``RowMemo``): each row's cells,
/// found by the item's id, the row's place across and size, and whether it is drawn
/// selected; kept while the item, its picture and its placeholder are the same. A row style
/// that does not mark the selection itself (``FeedRowStyle/marksSelection``) is always drawn
/// unselected, so a frame after a `j` copies every row; one that does draws the two rows whose
/// selection changed.
final class ListRowMemo<Item: Identifiable>: RowMemo<ListRowKey<Item.ID>, ListRowInputs<Item>, RowCells> {
    /// `==` on the items, nil when they are not `Equatable`: worked out once for the memo, not
    /// for each frame.
    let sameItem = ItemEquality.of(Item.self)
}

/// Where a list row is kept: its item, its column and size, and whether it was drawn selected.
struct ListRowKey<ID: Hashable>: Hashable {
    let id: ID
    let x: Int
    let size: Size
    let isSelected: Bool
}

/// What a list row shows besides its place: a kept row is drawn again only while these are
/// the same. The same item stamp (``ItemStamp``) is the same item; under different stamps (or
/// none) items are compared when they are `Equatable` (every built-in feed's are); a row of
/// items that are not is kept only while its stamp is the same.
struct ListRowInputs<Item>: Equatable {
    let item: Item
    /// The item's stamp in the feed's items, when known.
    let stamp: ItemStamp?
    let image: RowPicture?
    let placeholder: RowPicture?
    /// `==` on the items, found once per item type (a cast per comparison cost more than the
    /// rest of a kept row); nil when they are not `Equatable`.
    let sameItem: ItemEquality<Item>?

    init(
        item: Item, stamp: ItemStamp? = nil, image: RowPicture?, placeholder: RowPicture?,
        sameItem: ItemEquality<Item>? = .of(Item.self)
    ) {
        self.item = item
        self.stamp = stamp
        self.image = image
        self.placeholder = placeholder
        self.sameItem = sameItem
    }

    /// `inputs`, for the same item found under a new stamp.
    init(_ inputs: Self, stamp: ItemStamp?) {
        self.init(item: inputs.item, stamp: stamp, image: inputs.image, placeholder: inputs.placeholder, sameItem: inputs.sameItem)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        guard lhs.image == rhs.image, lhs.placeholder == rhs.placeholder else { return false }
        if let stamp = lhs.stamp, stamp == rhs.stamp { return true }
        guard let same = lhs.sameItem else { return false }
        return same.equal(lhs.item, rhs.item)
    }
}

/// A picture as far as a row shows it: the request it answers and its pixel size. Not nested
/// in ``ListRowInputs``: a type nested in a generic one is generic too, and its metadata is
/// looked up for each row of each frame.
struct RowPicture: Equatable {
    let request: ImageRequest
    let width: Int
    let height: Int

    init?(_ image: DecodedImage?) {
        guard let image else { return nil }
        request = image.request
        width = image.width
        height = image.height
    }
}

/// `==` for a type only known to be `Equatable` at run time.
struct ItemEquality<Item> {
    let equal: (Item, Item) -> Bool

    /// `Item`'s `==`, or nil when `Item` is not `Equatable`; worked out once per type.
    static func of(_ type: Item.Type) -> Self? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equality(equatable)
    }

    private static func equality<T: Equatable>(_: T.Type) -> Self? {
        let equal: (T, T) -> Bool = (==)
        // T is Item here (the cast above only names it as Equatable): the function is Item's.
        return (equal as? (Item, Item) -> Bool).map(Self.init)
    }
}
