import Foundation

/// What a feed tells its list about its items, with no drawing code in it (a terminal screen
/// and a SwiftUI list use it alike): its nouns, how a page key reads in the status bar, an
/// item's details and pictures.
///
/// Each feed builds one; everything else about browsing is the view model's, written once.
public struct FeedDescriptor<Item: Identifiable & Sendable, Key: Hashable & Sendable>: Sendable {
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
    public var rowImage: @Sendable (Item, ImageSizing) -> FeedImage?
    /// How the feed's image URLs ask for a size (an image CDN such as imgix resizes by query
    /// items): the details picture is then requested at exactly the pixels it is drawn at.
    /// nil when the URLs are fixed.
    public var sizedImageURL: (@Sendable (URL, FeedImage.Size) -> URL)?
    /// A segment for the status bar, read every frame: `41 requests left this hour`; nil for none.
    public var statusNote: (@Sendable () -> String?)?
    /// What the footer says when the source has no more: `that's everyone · 12 people`.
    public var endOfList: @Sendable (_ count: Int) -> String
    /// What a pull inside the refresh cooldown shows: a notice at once (the default), or the
    /// spinner first.
    public var cooldownFeedback: CooldownFeedback
    /// What the list's area says when the source has no items at all: `no people match “zzqx”
    /// · Esc back to the list` for a search that found none. nil for the feed's own words,
    /// `no people here · press r for a new list`.
    public var emptyList: String?
    /// The order its items are in, when the header is to name it (`volume ↓`: a search that
    /// lists what it finds in the order the list was in, not its own); nil for none.
    public var order: String?

    /// Creates a descriptor.
    /// - Parameters:
    ///   - nouns: singular and plural.
    ///   - sourceLabel: where items come from.
    ///   - describeKey: a page key's seed and page number; none by default.
    ///   - details: an item's details.
    ///   - fetchDetails: fuller details, fetched when the panel opens; nil for none.
    ///   - rowImage: a row's picture; none by default.
    ///   - sizedImageURL: how an image URL asks for a size; nil for fixed URLs.
    ///   - statusNote: the feed's segment of the status bar; none by default.
    ///   - endOfList: the footer at the end; `— end of list —` by default.
    ///   - cooldownFeedback: what a pull inside the cooldown shows; a notice by default.
    ///   - emptyList: what the list's area says when there are no items; nil for the default.
    ///   - order: the order the items are in, when the header must say it; nil for none.
    public init(
        nouns: Nouns, sourceLabel: String,
        describeKey: @escaping @Sendable (Key) -> PageLabel = { _ in PageLabel() },
        details: @escaping @Sendable (Item, Date) -> ItemDetails,
        fetchDetails: (@Sendable (Item, Date) async throws -> ItemDetails)? = nil,
        rowImage: @escaping @Sendable (Item, ImageSizing) -> FeedImage? = { _, _ in nil },
        sizedImageURL: (@Sendable (URL, FeedImage.Size) -> URL)? = nil,
        statusNote: (@Sendable () -> String?)? = nil,
        endOfList: @escaping @Sendable (Int) -> String = { _ in "— end of list —" },
        cooldownFeedback: CooldownFeedback = .notice,
        emptyList: String? = nil, order: String? = nil
    ) {
        self.nouns = nouns
        self.sourceLabel = sourceLabel
        self.describeKey = describeKey
        self.details = details
        self.fetchDetails = fetchDetails
        self.rowImage = rowImage
        self.sizedImageURL = sizedImageURL
        self.statusNote = statusNote
        self.endOfList = endOfList
        self.cooldownFeedback = cooldownFeedback
        self.emptyList = emptyList
        self.order = order
    }
}
