import EndlessImages
import EndlessTerminal
import Foundation

/// How a feed's rows look: the one part of the list each feed draws itself. The browser draws
/// the rest (selection, placeholders, the footer, the scrollbar).
@MainActor
public struct FeedRowStyle<Item> {
    /// Lines of a loaded item's row (a photo's row is as tall as its aspect ratio asks).
    public var height: (Item) -> Int
    /// Lines of every loaded row when they are all alike, so the list asks no item for its
    /// height (it asks many times a frame); nil when ``height`` depends on the item. Set by
    /// ``init(height:draw:)``.
    public var uniformHeight: Int?
    /// Lines of a row whose item is not loaded, and of the footer.
    public var placeholderHeight: Int
    /// Draws one loaded row.
    public var draw: (Item, RowContext, inout ScreenBuffer) -> Void
    /// Whether ``draw`` draws a selected row differently (reads ``RowContext/isSelected``).
    /// True by default: the row is drawn selected over the bar the browser draws in the
    /// gutter, and its selected and unselected looks are kept apart.
    ///
    /// False when the bar is all that marks the selection, as in the built-in feeds: rows are
    /// drawn with `isSelected` false and the bar over them, so a row kept from an earlier frame
    /// is copied whatever its selection, and moving the selection lays out no row again. Such
    /// a row leaves its gutter (the first column of ``RowContext/rect``) blank.
    public var marksSelection = true
    /// The details panel's picture size, in cells.
    public var detailsImageSize = Size(width: 24, height: 12)
    /// The picture size of a row, in cells, to size image requests: the shared avatar row's
    /// unless the feed draws its own.
    public var rowImageSize = AvatarRow.imageSize
    /// A line above the rows, such as a table's column titles; nil for none. Drawn with the
    /// list's width (the scrollbar column excluded), so it lines up with the rows.
    public var header: ((Rect, inout ScreenBuffer) -> Void)?
    /// A picture drawn in the row's place the moment it appears, while the real one loads
    /// (Unsplash's BlurHash), made at about the pixel size given; nil for none. Made on the main
    /// actor while drawing, so it must be quick (tens of microseconds).
    public var placeholder: ((Item, PixelSize) -> DecodedImage?)?

    /// A row style; the other properties keep their defaults until set.
    /// - Parameters:
    ///   - height: lines of a loaded item's row.
    ///   - placeholderHeight: lines of a row whose item is not loaded, and of the footer.
    ///   - draw: draws one loaded row into its rectangle (``RowContext/rect``) of the frame,
    ///     marking it when ``RowContext/isSelected``.
    public init(
        height: @escaping (Item) -> Int, placeholderHeight: Int, draw: @escaping (Item, RowContext, inout ScreenBuffer) -> Void
    ) {
        self.height = height
        self.placeholderHeight = placeholderHeight
        self.draw = draw
    }

    /// A row style whose rows are all `height` lines, loaded or not: the list then asks no item
    /// for its height (``uniformHeight``), and the browser can draw the next row ahead of time.
    /// - Parameters:
    ///   - height: lines of every row, and of the footer.
    ///   - draw: draws one loaded row into its rectangle (``RowContext/rect``) of the frame,
    ///     marking it when ``RowContext/isSelected``.
    public init(height: Int, draw: @escaping (Item, RowContext, inout ScreenBuffer) -> Void) {
        self.init(height: { _ in height }, placeholderHeight: height, draw: draw)
        uniformHeight = height
    }
}

/// What a row is drawn with: its place, whether it is selected, and its picture when loaded.
@MainActor
public struct RowContext {
    /// The row's rectangle (the scrollbar column excluded).
    public let rect: Rect
    /// Whether the row is the selected one; always false for a style that does not
    /// ``FeedRowStyle/marksSelection``.
    public let isSelected: Bool
    /// The row's picture, once the image store has it.
    public let image: DecodedImage?
    /// What stands in for the picture until then (a BlurHash), when the feed has one.
    public let placeholder: DecodedImage?
    /// Turns pictures into cells or graphics for this terminal.
    let cells: ImageCells
    /// The instant ages and times are shown at. A row that reads it changes with the clock,
    /// so the browser draws it afresh each frame instead of keeping its cells (``RowMemo``).
    public var now: Date {
        clockReads?.didRead = true
        return instant
    }
    private let instant: Date
    /// Told when the row reads ``now``; nil when nobody asks.
    let clockReads: ClockReads?

    /// What a row is drawn with.
    /// - Parameters:
    ///   - rect: the row's rectangle.
    ///   - isSelected: whether the row is the selected one.
    ///   - image: its picture, once loaded.
    ///   - placeholder: what stands in for the picture until then.
    ///   - cells: turns pictures into cells or graphics for this terminal.
    ///   - now: the instant ages and times are shown at.
    ///   - clockReads: told when the row reads `now`.
    init(
        rect: Rect, isSelected: Bool, image: DecodedImage?, placeholder: DecodedImage?, cells: ImageCells, now: Date,
        clockReads: ClockReads? = nil
    ) {
        self.rect = rect
        self.isSelected = isSelected
        self.image = image
        self.placeholder = placeholder
        self.cells = cells
        instant = now
        self.clockReads = clockReads
    }

    /// Whether a row read the clock while it was drawn.
    @MainActor
    final class ClockReads {
        var didRead = false
    }

    /// Draws a picture into part of the row, as this terminal shows pictures (graphics, or
    /// symbols in cells; nothing under `--graphics none`): the row's ``image``, its
    /// ``placeholder``, or one the feed makes itself. Pictures are converted once per size and
    /// kept, keyed by their ``DecodedImage/request``, so a picture the feed makes needs a
    /// request of its own (a URL naming it).
    /// - Parameters:
    ///   - picture: the pixels.
    ///   - rect: where, in cells; within ``rect``.
    ///   - frame: the frame.
    public func draw(_ picture: DecodedImage, in rect: Rect, into frame: inout ScreenBuffer) {
        cells.draw(picture, in: rect, into: &frame)
    }
}
