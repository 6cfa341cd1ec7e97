import EndlessHTTP
import Foundation

/// One Unsplash photo, as `GET /photos` and `GET /photos/{id}` send it.
///
/// Read tolerantly: only `id` is required; every other field may be missing, null or oddly
/// typed (it then reads as nil), unknown fields are ignored, and a nested object of the wrong
/// shape (`user`, `urls`…) reads as nil rather than failing the page. Timestamps are kept as
/// sent (old photos carry offsets, `2016-05-03T11:00:28-04:00`; new ones `Z`) and read with
/// ``UnsplashTimestamp``. The object it was read from is kept as ``rawJSON`` (its place,
/// tags, sponsorship and whatever else the model does not read); `Codable` encoding writes the
/// typed fields with the API's names.
public struct UnsplashPhoto: Identifiable, Hashable, Sendable, Codable {
    /// The photo's id, e.g. `LBI7cgq3pbM`: unique, the key of every list.
    public let id: String
    /// The URL slug, e.g. `a-man-drinking-a-coffee-LBI7cgq3pbM`.
    public let slug: String?
    /// When it was published, as sent (`created_at`; read it with ``UnsplashTimestamp``).
    public let createdAt: String?
    /// When it last changed, as sent (`updated_at`).
    public let updatedAt: String?
    /// When the photo was featured on the home feed; null for most.
    public let promotedAt: String?
    /// The original's size in pixels: rows are sized from these before any pixel arrives.
    public let width: Int?
    /// The original's height in pixels.
    public let height: Int?
    /// The dominant colour, `#d9d9d9`.
    public let color: String?
    /// The 4×3 BlurHash, 28 characters starting with `L`.
    public let blurHash: String?
    /// The photographer's description, if any.
    public let description: String?
    /// Alt text for the photo (`alt_description`), if any.
    public let altDescription: String?
    /// The image's addresses, at fixed sizes and the original.
    public let urls: UnsplashPhotoURLs?
    /// Its API address, its page, and the download endpoints.
    public let links: UnsplashPhotoLinks?
    /// How many people liked it.
    public let likes: Int?
    /// Whether the authenticated user liked it (`liked_by_user`); false without a user token.
    public let likedByUser: Bool?
    /// `photo` (Unsplash+ also lists `illustration`).
    public let assetType: String?
    /// The photographer.
    public let user: UnsplashUser?
    /// The camera settings; only `GET /photos/{id}` sends them.
    public let exif: UnsplashExif?
    /// Where it was taken; only `GET /photos/{id}` sends it.
    public let location: UnsplashLocation?
    /// Only `GET /photos/{id}` sends these.
    public let views: Int?
    /// Total downloads.
    public let downloads: Int?
    /// The photo's object as the service sent it (see ``rawJSON``); nil for a photo made in code.
    var sentJSON: RawJSON?

    enum CodingKeys: String, CodingKey {
        case id, slug, width, height, color, description, urls, links, likes, user, exif, location, views, downloads
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case promotedAt = "promoted_at"
        case blurHash = "blur_hash"
        case altDescription = "alt_description"
        case likedByUser = "liked_by_user"
        case assetType = "asset_type"
    }

    /// Creates a photo; everything but the id may be nil.
    /// - Parameters:
    ///   - id: the photo's id, e.g. `LBI7cgq3pbM`.
    ///   - slug: the URL slug.
    ///   - createdAt: the creation timestamp, as sent.
    ///   - updatedAt: the last update, as sent.
    ///   - promotedAt: when it was featured, as sent.
    ///   - width: the original's width in pixels.
    ///   - height: the original's height in pixels.
    ///   - color: the dominant colour.
    ///   - blurHash: the BlurHash.
    ///   - description: the photographer's description.
    ///   - altDescription: the generated alt text.
    ///   - urls: the image addresses.
    ///   - links: the API and web addresses.
    ///   - likes: how many people liked it.
    ///   - likedByUser: whether the authenticated user did.
    ///   - assetType: `photo`.
    ///   - user: the photographer.
    ///   - exif: camera settings.
    ///   - location: where it was taken.
    ///   - views: total views.
    ///   - downloads: total downloads.
    public init(
        id: String, slug: String? = nil, createdAt: String? = nil, updatedAt: String? = nil, promotedAt: String? = nil,
        width: Int? = nil, height: Int? = nil, color: String? = nil, blurHash: String? = nil, description: String? = nil,
        altDescription: String? = nil, urls: UnsplashPhotoURLs? = nil, links: UnsplashPhotoLinks? = nil, likes: Int? = nil,
        likedByUser: Bool? = nil, assetType: String? = nil, user: UnsplashUser? = nil, exif: UnsplashExif? = nil,
        location: UnsplashLocation? = nil, views: Int? = nil, downloads: Int? = nil
    ) {
        self.id = id
        self.slug = slug
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.promotedAt = promotedAt
        self.width = width
        self.height = height
        self.color = color
        self.blurHash = blurHash
        self.description = description
        self.altDescription = altDescription
        self.urls = urls
        self.links = links
        self.likes = likes
        self.likedByUser = likedByUser
        self.assetType = assetType
        self.user = user
        self.exif = exif
        self.location = location
        self.views = views
        self.downloads = downloads
    }

    /// Reads a photo; only `id` is required.
    /// - Throws: `DecodingError` when `id` is missing or empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = container.lenientString(.id), !id.isEmpty else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath + [CodingKeys.id], debugDescription: "a photo needs an id"))
        }
        self.init(
            id: id, slug: container.lenientString(.slug), createdAt: container.lenientString(.createdAt),
            updatedAt: container.lenientString(.updatedAt), promotedAt: container.lenientString(.promotedAt),
            width: container.lenientInt(.width), height: container.lenientInt(.height), color: container.lenientString(.color),
            blurHash: container.lenientString(.blurHash), description: container.lenientString(.description),
            altDescription: container.lenientString(.altDescription),
            urls: try? container.decodeIfPresent(UnsplashPhotoURLs.self, forKey: .urls),
            links: try? container.decodeIfPresent(UnsplashPhotoLinks.self, forKey: .links),
            likes: container.lenientInt(.likes), likedByUser: try? container.decodeIfPresent(Bool.self, forKey: .likedByUser),
            assetType: container.lenientString(.assetType),
            user: try? container.decodeIfPresent(UnsplashUser.self, forKey: .user),
            exif: try? container.decodeIfPresent(UnsplashExif.self, forKey: .exif),
            location: try? container.decodeIfPresent(UnsplashLocation.self, forKey: .location),
            views: container.lenientInt(.views), downloads: container.lenientInt(.downloads))
    }

    /// Writes the photo with the API's field names; the list fields are always written (null
    /// when absent, as the API sends them), the single-photo extras only when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(slug, forKey: .slug)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(promotedAt, forKey: .promotedAt)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(color, forKey: .color)
        try container.encode(blurHash, forKey: .blurHash)
        try container.encode(description, forKey: .description)
        try container.encode(altDescription, forKey: .altDescription)
        try container.encode(urls, forKey: .urls)
        try container.encode(links, forKey: .links)
        try container.encode(likes, forKey: .likes)
        try container.encode(likedByUser, forKey: .likedByUser)
        try container.encode(assetType, forKey: .assetType)
        try container.encode(user, forKey: .user)
        try container.encodeIfPresent(exif, forKey: .exif)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(views, forKey: .views)
        try container.encodeIfPresent(downloads, forKey: .downloads)
    }

    /// Width over height, when both are known and positive: what a row's height comes from.
    public var aspectRatio: Double? {
        guard let width, let height, width > 0, height > 0 else { return nil }
        return Double(width) / Double(height)
    }

    /// When it was created, read from ``createdAt``.
    public var createdDate: Date? { createdAt.flatMap(UnsplashTimestamp.date(from:)) }

    /// The description, else the alt text: what a row says about the photo.
    public var caption: String? {
        [description, altDescription].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
    }
}
