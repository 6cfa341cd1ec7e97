import Endless
import EndlessFeedModel
import EndlessImages
import EndlessTerminal

/// The memo of a feed's list rows, whatever the feed (see ``RowMemo``): each row's cells,
/// found by the item's id, the row's place across and size, and whether it is drawn
/// selected; kept while the item, its picture and its placeholder are the same. A row style
/// that does not mark the selection itself (``FeedRowStyle/marksSelection``) is always drawn
/// unselected, so a frame after a `j` copies every row; one that does draws the two rows whose
/// selection changed.
///
/// Not generic, nor are its keys and inputs: a frame looks up a row in it for every row, and
/// each generic type that code touched was looked up at run time each time (issue 29).
final class ListRowMemo: RowMemo<ListRowKey, ListRowInputs, RowCells> {
    /// `==` on the items, nil when they are not `Equatable`: worked out once for the memo, not
    /// for each frame.
    let sameItem: ItemEquality?

    /// A memo of rows of `Item`s.
    init<Item>(rowsOf _: Item.Type, capacity: Int = 512) {
        sameItem = ItemEquality.of(Item.self)
        super.init(capacity: capacity)
    }

    /// The row last put on screen at a list index, copied or made: the listed row it showed
    /// (the same object is the same item, id and picture request: ``ListedRow``), where it
    /// went, the picture it showed, and its cells.
    final class ShownRow {
        let index: Int
        let listed: ListedRow
        let x: Int
        let size: Size
        let isSelected: Bool
        let image: RowPicture?
        /// The image store's hold on ``image``, when the store held it: while it is wanted,
        /// the store answers the same picture, so the next frame need not look it up.
        let hold: ImageStore.PictureHold?
        let cells: RowCells

        init(
            index: Int, listed: ListedRow, x: Int, size: Size, isSelected: Bool, image: RowPicture?, hold: ImageStore.PictureHold? = nil,
            cells: RowCells
        ) {
            self.index = index
            self.listed = listed
            self.x = x
            self.size = size
            self.isSelected = isSelected
            self.image = image
            self.hold = hold
            self.cells = cells
        }
    }

    /// The rows last shown at a few indices (a screenful and more), by index modulo their
    /// count: a row that shows again what it showed at its index in the last frame (most rows
    /// of a held `j`) is copied from here with no key made, no entry looked up, and no call into
    /// the generic screen (issue 29). Bounded like ``RowMemo``'s slots, whatever the session.
    private var shown = [ShownRow?](repeating: nil, count: slotCount)

    /// The cells shown at `index` if they were shown there for the same listed row, place,
    /// selection and picture, and without a placeholder (which a drawn row is asked for).
    func shownCells(at index: Int, listed: ListedRow, x: Int, size: Size, isSelected: Bool, image: RowPicture?) -> RowCells? {
        guard let row = recorded(at: index, listed), row.x == x, row.size == size, row.isSelected == isSelected, row.image == image
        else { return nil }
        return row.cells
    }

    /// The picture the row last shown at `index` showed, if it showed `listed` and the image
    /// store still holds that picture (``ShownRow/hold``): what the store would answer, found
    /// without hashing the request (issue 29). Nil to look it up.
    func heldPicture(at index: Int, of listed: ListedRow) -> RowPicture? {
        guard let row = recorded(at: index, listed), let hold = row.hold, hold.isWanted else { return nil }
        return row.image
    }

    /// Whether a row drawn ahead read the clock (an age from a date): such rows are not kept,
    /// so drawing them ahead would only draw them twice (see `FeedScreen.drawAhead`).
    var rowsReadTheClock = false

    /// Whether the row recorded at `index` (shown, or drawn ahead) is `listed`'s.
    func hasRecorded(at index: Int, _ listed: ListedRow) -> Bool {
        recorded(at: index, listed) != nil
    }

    /// The row recorded at `index`, if it is `listed`'s.
    private func recorded(at index: Int, _ listed: ListedRow) -> ShownRow? {
        guard let row = shown[Self.place(index)], row.index == index, row.listed === listed else { return nil }
        return row
    }

    /// Records what was shown at `index` (see ``shownCells(at:listed:x:size:isSelected:image:)``),
    /// or drawn ahead there, below the screen, to be shown next (see `FeedScreen.drawAhead`).
    func recordShown(_ row: ShownRow) {
        shown[Self.place(row.index)] = row
    }

    /// Forgets every row, those last shown too.
    override func removeAll() {
        super.removeAll()
        shown = [ShownRow?](repeating: nil, count: shown.count)
    }
}

/// Where a list row is kept: its item (its id as text, ``ListedRow/idText``), its column and
/// size, and whether it was drawn selected. Not generic: a frame makes and compares one a
/// row, and a generic one's type was looked up at run time each time.
struct ListRowKey: Hashable {
    let idText: String
    let x: Int
    let size: Size
    let isSelected: Bool
}

/// What a list row shows besides its place: a kept row is drawn again only while these are
/// the same. The same item stamp (``ItemStamp``) is the same item; under different stamps (or
/// none) items are compared when they are `Equatable` (every built-in feed's are); a row of
/// items that are not is kept only while its stamp is the same.
struct ListRowInputs: Equatable {
    /// The item, compared only under a new stamp (see ``ItemEquality``).
    let item: Any
    /// The item's stamp in the feed's items, when known.
    let stamp: ItemStamp?
    let image: RowPicture?
    let placeholder: RowPicture?
    /// `==` on the items, found once per item type; nil when they are not `Equatable`.
    let sameItem: ItemEquality?

    init<Item>(
        item: Item, stamp: ItemStamp? = nil, image: RowPicture?, placeholder: RowPicture?,
        sameItem: ItemEquality? = .of(Item.self)
    ) {
        self.init(item: item as Any, stamp: stamp, image: image, placeholder: placeholder, sameItem: sameItem)
    }

    private init(item: Any, stamp: ItemStamp?, image: RowPicture?, placeholder: RowPicture?, sameItem: ItemEquality?) {
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

/// A picture as far as a row shows it: the request it answers (its URL by its hash) and its
/// pixel size. Not nested in ``ListRowInputs``: a type nested in a generic one is generic
/// too, and its metadata is looked up for each row of each frame. Plain numbers, no URL:
/// every row of every frame makes and compares one, and copying a URL retains its storage
/// (issue 29). A kept row is found for the same item (its id and stamp), whose picture has the
/// same URL; what this tells apart is which picture arrived, at which size.
struct RowPicture: Equatable {
    let urlHash: Int
    let targetSize: PixelSize
    let contentMode: ContentMode
    let width: Int
    let height: Int

    init?(_ image: borrowing DecodedImage?) {
        switch image {
        case .none:
            return nil
        case .some(let image):
            urlHash = image.request.urlHash
            targetSize = image.request.targetSize
            contentMode = image.request.contentMode
            width = image.width
            height = image.height
        }
    }
}

/// `==` for a type only known to be `Equatable` at run time, on items kept as `Any`: each
/// comparison casts them back, which is only done for a row found under a new stamp (after a
/// refresh), once.
struct ItemEquality {
    let equal: (Any, Any) -> Bool

    /// `Item`'s `==`, or nil when `Item` is not `Equatable`; worked out once per type.
    static func of<Item>(_ type: Item.Type) -> Self? {
        guard let equatable = type as? any Equatable.Type else { return nil }
        return equality(equatable)
    }

    private static func equality<T: Equatable>(_: T.Type) -> Self {
        Self { lhs, rhs in
            guard let lhs = lhs as? T, let rhs = rhs as? T else { return false }
            return lhs == rhs
        }
    }
}
