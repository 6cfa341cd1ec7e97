/// How big the pictures the screen draws are, in pixels, and whether the terminal shows pixels
/// (sixel, kitty) or symbols: a feed picks the source image that suits.
public struct ImageSizing: Hashable, Sendable {
    /// A row's picture.
    public var row: FeedImage.Size
    /// The details panel's picture.
    public var details: FeedImage.Size
    /// Whether the terminal draws real pixels, so larger sources are worth downloading.
    public var showsPixels: Bool
    /// What one cell is worth in pixels: its real size for sixel and kitty, what chafa's
    /// symbols resolve otherwise. A feed whose pictures vary in size (a photo's row is as tall as
    /// its aspect ratio asks) sizes its requests with ``pixelSize(columns:lines:)``.
    public var pixelsPerCell: FeedImage.Size

    /// Creates a sizing.
    /// - Parameters:
    ///   - row: a row's picture, in pixels.
    ///   - details: the details panel's picture, in pixels.
    ///   - showsPixels: whether the terminal draws pixels.
    ///   - pixelsPerCell: pixels a cell is worth.
    public init(
        row: FeedImage.Size = FeedImage.Size(width: 48, height: 48), details: FeedImage.Size = FeedImage.Size(width: 128, height: 128),
        showsPixels: Bool = false, pixelsPerCell: FeedImage.Size = FeedImage.Size(width: 5, height: 10)
    ) {
        self.row = row
        self.details = details
        self.showsPixels = showsPixels
        self.pixelsPerCell = pixelsPerCell
    }

    /// The pixels of a picture `columns` × `lines` cells big.
    public func pixelSize(columns: Int, lines: Int) -> FeedImage.Size {
        FeedImage.Size(width: max(1, columns * pixelsPerCell.width), height: max(1, lines * pixelsPerCell.height))
    }
}
