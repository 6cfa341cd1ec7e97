import Foundation

/// What a view asks the pipeline for: an image at a URL, sized for the place it is drawn.
///
/// Two requests that differ only in ``priority`` share one download and one decode; two that
/// differ in size or content mode share the download and are decoded separately.
public struct ImageRequest: Hashable, Sendable, CustomStringConvertible {
    /// Where the image's bytes come from.
    public var url: URL
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
        self.url = url
        self.targetSize = targetSize
        self.contentMode = contentMode
        self.priority = priority
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

/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    public var description: String { "\(width)x\(height)" }
}

/// How an image is fitted to a target size.
public enum ContentMode: Hashable, Sendable {
    /// Scales to cover the target and crops the overflow, centred: the result is exactly the
    /// target size. Right for avatars.
    case fill
    /// Scales to fit inside the target, keeping the whole image: one side equals the target,
    /// the other is at most the target.
    case fit
}

/// How urgently an image is wanted. When download or decode slots are full, higher
/// priorities are served first, and requests of equal priority in arrival order.
public enum ImagePriority: Int, Comparable, Hashable, Sendable {
    /// Warming caches for rows not on screen yet (``ImagePrefetcher``).
    case prefetch = 0
    /// A row on screen.
    case visible = 1
    /// Something the user is looking at right now and larger than a row, e.g. a detail view.
    case high = 2

    /// Orders priorities from ``prefetch`` to ``high``.
    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The task priority the pipeline's work for this request runs at.
    var taskPriority: TaskPriority {
        switch self {
        case .prefetch: .utility
        case .visible: .userInitiated
        case .high: .high
        }
    }
}
