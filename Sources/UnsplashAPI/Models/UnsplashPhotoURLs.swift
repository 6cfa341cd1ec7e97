import EndlessHTTP
import Foundation

/// A photo's image addresses: `raw` is the original on imgix, the others are `raw` with fixed
/// sizes (`regular` is 1080 px wide). A client that draws smaller asks imgix for exactly its
/// pixels instead (``ImgixSizing``).
public struct UnsplashPhotoURLs: Hashable, Sendable, Codable {
    /// The original on imgix, to size with ``ImgixSizing``.
    public let raw: String?
    /// The original's size, as a JPEG.
    public let full: String?
    /// 1080 pixels wide.
    public let regular: String?
    /// 400 pixels wide.
    public let small: String?
    /// 200 pixels wide.
    public let thumb: String?
    /// `small`, served from Unsplash's S3 storage (`small_s3`).
    public let smallS3: String?

    enum CodingKeys: String, CodingKey {
        case raw, full, regular, small, thumb
        case smallS3 = "small_s3"
    }

    /// Creates the addresses.
    /// - Parameters:
    ///   - raw: the original, resizable by imgix parameters.
    ///   - full: the original as a JPEG.
    ///   - regular: 1080 px wide.
    ///   - small: 400 px wide.
    ///   - thumb: 200 px wide.
    ///   - smallS3: the small size on S3.
    public init(raw: String?, full: String?, regular: String?, small: String?, thumb: String?, smallS3: String? = nil) {
        self.raw = raw
        self.full = full
        self.regular = regular
        self.small = small
        self.thumb = thumb
        self.smallS3 = smallS3
    }

    /// Reads them tolerantly: each may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        raw = container.lenientString(.raw)
        full = container.lenientString(.full)
        regular = container.lenientString(.regular)
        small = container.lenientString(.small)
        thumb = container.lenientString(.thumb)
        smallS3 = container.lenientString(.smallS3)
    }

    /// ``raw`` as an http(s) URL; nil when absent or not one.
    public var rawURL: URL? { UnsplashPhotoURLs.webURL(raw) }
    /// ``regular`` as an http(s) URL.
    public var regularURL: URL? { UnsplashPhotoURLs.webURL(regular) }

    /// `text` as an http(s) URL with a host; nil otherwise.
    static func webURL(_ text: String?) -> URL? {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

/// A photo's links: its API address, its page, and the download endpoints.
public struct UnsplashPhotoLinks: Hashable, Sendable, Codable {
    /// The photo in the API (`self`).
    public let api: String?
    /// The photo's page on unsplash.com.
    public let html: String?
    /// The original, for a person's download (call ``downloadLocation`` too).
    public let download: String?
    /// The endpoint an app must call when a person downloads the photo (Unsplash's guidelines).
    public let downloadLocation: String?

    enum CodingKeys: String, CodingKey {
        case html, download
        case api = "self"
        case downloadLocation = "download_location"
    }

    /// Creates the links.
    /// - Parameters:
    ///   - api: the photo in the API (`self`).
    ///   - html: its page on unsplash.com.
    ///   - download: the file.
    ///   - downloadLocation: the download-tracking endpoint.
    public init(api: String?, html: String?, download: String?, downloadLocation: String?) {
        self.api = api
        self.html = html
        self.download = download
        self.downloadLocation = downloadLocation
    }

    /// Reads them tolerantly: each may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        api = container.lenientString(.api)
        html = container.lenientString(.html)
        download = container.lenientString(.download)
        downloadLocation = container.lenientString(.downloadLocation)
    }
}
