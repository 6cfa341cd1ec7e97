import Foundation

/// What a view asks the pipeline for: an image at a URL, sized for the place it is drawn.
///
/// Two requests that differ only in ``priority`` share one download and one decode; two that
/// differ in size or content mode share the download and are decoded separately.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// Where the image's bytes come from.
    public var url: URL {
        didSet { urlHash = url.hashValue }
    }
    /// `url`'s hash, taken once (or handed over with it): a front end looks requests up
    /// by value several times a frame, and hashing a URL hashes its whole string.
    package private(set) var urlHash: Int
    /// The size to produce, in pixels. With ``ContentMode/fill`` the result has exactly this
    /// size; with ``ContentMode/fit`` it fits inside it and keeps the source's aspect ratio.
    public var targetSize: PixelSize
    /// How the source's aspect ratio is reconciled with ``targetSize``.
    public var contentMode: ContentMode
    /// How urgently the image is wanted; visible rows go before prefetches.
    public var priority: ImagePriority

    /// Creates a request.
    /// - Parameters:
    ///   - url: where the image's bytes come from.
    ///   - targetSize: the size to produce, in pixels (both sides at least 1).
    ///   - contentMode: ``ContentMode/fill`` (crop to the target's aspect, the default) or
    ///     ``ContentMode/fit``.
    ///   - priority: ``ImagePriority/visible`` by default.
    public init(
        url: URL, targetSize: PixelSize, contentMode: ContentMode = .fill,
        priority: ImagePriority = .visible
    ) {
        self.init(url: url, urlHash: url.hashValue, targetSize: targetSize, contentMode: contentMode, priority: priority)
    }

    /// A request whose URL's hash (`url.hashValue`) was taken already, as a view model's
    /// picture keeps it.
    package init(url: URL, urlHash: Int, targetSize: PixelSize, contentMode: ContentMode, priority: ImagePriority) {
        self.url = url
        self.urlHash = urlHash
        self.targetSize = targetSize
        self.contentMode = contentMode
        self.priority = priority
    }

    /// Equal requests: the same URL (its kept hash first), size, mode and priority.
    public static func == (lhs: ImageRequest, rhs: ImageRequest) -> Bool {
        lhs.urlHash == rhs.urlHash && lhs.targetSize == rhs.targetSize && lhs.contentMode == rhs.contentMode
            && lhs.priority == rhs.priority && lhs.url == rhs.url
    }

    /// Hashes the URL's kept hash, the size, mode and priority.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(urlHash)
        hasher.combine(targetSize)
        hasher.combine(contentMode)
        hasher.combine(priority)
    }

    /// A short description for logs: the URL, size, mode and priority.
    public var description: String {
        "\(url.absoluteString) \(targetSize) \(contentMode) \(priority)"
    }

    /// What identifies the pixels this request produces: everything but the priority.
    var processingKey: ProcessingKey {
        ProcessingKey(url: url.absoluteString, targetSize: targetSize, contentMode: contentMode)
    }
}

/// Everything that determines a decoded image's pixels; the key of the memory cache and of
/// coalesced decodes.
struct ProcessingKey: Hashable, Sendable {
    var url: String
    var targetSize: PixelSize
    var contentMode: ContentMode
}
