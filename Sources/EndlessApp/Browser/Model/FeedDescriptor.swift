import EndlessImages
import Foundation

/// What a feed tells the generic browser about its items, with no terminal code in it (a
/// SwiftUI list could use it as well): its tab, its nouns, how a page key reads in the status
/// bar, an item's details and pictures.
///
/// Each feed plug-in (people, users…) builds one; everything else about browsing is the
/// browser's, written once.
public struct FeedDescriptor<Item: Identifiable & Sendable, Key: Hashable & Sendable>: Sendable {
    /// Which tab it is.
    public var kind: FeedKind
    /// `person` / `people`, for counts.
    public var nouns: Nouns
    /// Where items come from, as the header says it: `simulator 127.0.0.1:41235`.
    public var sourceLabel: String
    /// The seed and page number of a page key, for the header.
    public var describeKey: @Sendable (Key) -> PageLabel
    /// Everything the details panel shows about an item, from what the list has.
    public var details: @Sendable (Item, Date) -> ItemDetails
    /// Fuller details fetched on their own (reqres's `GET users/{id}`, as its tutorial does);
    /// nil when the list already has everything.
    public var fetchDetails: (@Sendable (Item, Date) async throws -> ItemDetails)?
    /// The picture of an item's row, sized as `sizing` asks; nil for none.
    public var rowImage: @Sendable (Item, ImageSizing) -> ImageRequest?
    /// A picture drawn in the row's place the moment it appears, while the real one loads
    /// (Unsplash's BlurHash), made at about the pixel size given; nil for none. Made on the main
    /// actor while drawing, so it must be quick (tens of microseconds).
    public var rowPlaceholder: (@Sendable (Item, PixelSize) -> DecodedImage?)?
    /// How the feed's image URLs ask for a size (an image CDN such as imgix resizes by query
    /// items): the details picture is then requested at exactly the pixels it is drawn at.
    /// nil when the URLs are fixed.
    public var sizedImageURL: (@Sendable (URL, PixelSize) -> URL)?
    /// A segment for the status bar, read every frame: `41 requests left this hour`; nil for none.
    public var statusNote: (@Sendable () -> String?)?
    /// What the footer says when the source has no more: `that's everyone · 12 people`.
    public var endOfList: @Sendable (_ count: Int) -> String
    /// What a pull inside the refresh cooldown shows: a notice at once (the default), or the
    /// spinner first.
    public var cooldownFeedback: CooldownFeedback

    /// Creates a descriptor.
    /// - Parameters:
    ///   - kind: the tab.
    ///   - nouns: singular and plural.
    ///   - sourceLabel: where items come from.
    ///   - describeKey: a page key's seed and page number; none by default.
    ///   - details: an item's details.
    ///   - fetchDetails: fuller details, fetched when the panel opens; nil for none.
    ///   - rowImage: a row's picture; none by default.
    ///   - rowPlaceholder: a row's picture while the real one loads; none by default.
    ///   - sizedImageURL: how an image URL asks for a size; nil for fixed URLs.
    ///   - statusNote: the feed's segment of the status bar; none by default.
    ///   - endOfList: the footer at the end; `— end of list —` by default.
    ///   - cooldownFeedback: what a pull inside the cooldown shows; a notice by default.
    public init(
        kind: FeedKind, nouns: Nouns, sourceLabel: String,
        describeKey: @escaping @Sendable (Key) -> PageLabel = { _ in PageLabel() },
        details: @escaping @Sendable (Item, Date) -> ItemDetails,
        fetchDetails: (@Sendable (Item, Date) async throws -> ItemDetails)? = nil,
        rowImage: @escaping @Sendable (Item, ImageSizing) -> ImageRequest? = { _, _ in nil },
        rowPlaceholder: (@Sendable (Item, PixelSize) -> DecodedImage?)? = nil,
        sizedImageURL: (@Sendable (URL, PixelSize) -> URL)? = nil,
        statusNote: (@Sendable () -> String?)? = nil,
        endOfList: @escaping @Sendable (Int) -> String = { _ in "— end of list —" },
        cooldownFeedback: CooldownFeedback = .notice
    ) {
        self.kind = kind
        self.nouns = nouns
        self.sourceLabel = sourceLabel
        self.describeKey = describeKey
        self.details = details
        self.fetchDetails = fetchDetails
        self.rowImage = rowImage
        self.rowPlaceholder = rowPlaceholder
        self.sizedImageURL = sizedImageURL
        self.statusNote = statusNote
        self.endOfList = endOfList
        self.cooldownFeedback = cooldownFeedback
    }
}

/// A noun for counts: `1 person`, `20 people`.
public struct Nouns: Hashable, Sendable {
    public var singular: String
    public var plural: String

    /// Creates the nouns.
    /// - Parameters:
    ///   - singular: for one.
    ///   - plural: for any other count.
    public init(_ singular: String, _ plural: String) {
        self.singular = singular
        self.plural = plural
    }

    /// `20 people`.
    public func count(_ count: Int) -> String {
        "\(count) \(count == 1 ? singular : plural)"
    }
}

/// What the status bar needs to know about a page key: the seed and the page number.
public struct PageLabel: Hashable, Sendable {
    /// The list's seed, as the server reported it.
    public var seed: UntrustedText?
    /// The page number.
    public var page: Int?

    /// Creates a label.
    /// - Parameters:
    ///   - seed: the list's seed.
    ///   - page: the page number.
    public init(seed: UntrustedText? = nil, page: Int? = nil) {
        self.seed = seed
        self.page = page
    }
}

/// How big the pictures the screen draws are, in pixels, and whether the terminal shows pixels
/// (sixel, kitty) or symbols: a feed picks the source image that suits.
public struct ImageSizing: Hashable, Sendable {
    /// A row's picture.
    public var row: PixelSize
    /// The details panel's picture.
    public var details: PixelSize
    /// Whether the terminal draws real pixels, so larger sources are worth downloading.
    public var showsPixels: Bool
    /// What one cell is worth in pixels: its real size for sixel and kitty, what chafa's
    /// symbols resolve otherwise. A feed whose pictures vary in size (a photo's row is as tall as
    /// its aspect ratio asks) sizes its requests with ``pixelSize(columns:lines:)``.
    public var pixelsPerCell: PixelSize

    /// Creates a sizing.
    /// - Parameters:
    ///   - row: a row's picture, in pixels.
    ///   - details: the details panel's picture, in pixels.
    ///   - showsPixels: whether the terminal draws pixels.
    ///   - pixelsPerCell: pixels a cell is worth.
    public init(
        row: PixelSize = PixelSize(width: 48, height: 48), details: PixelSize = PixelSize(width: 128, height: 128),
        showsPixels: Bool = false, pixelsPerCell: PixelSize = PixelSize(width: 5, height: 10)
    ) {
        self.row = row
        self.details = details
        self.showsPixels = showsPixels
        self.pixelsPerCell = pixelsPerCell
    }

    /// The pixels of a picture `columns` × `lines` cells big.
    public func pixelSize(columns: Int, lines: Int) -> PixelSize {
        PixelSize(width: max(1, columns * pixelsPerCell.width), height: max(1, lines * pixelsPerCell.height))
    }
}
