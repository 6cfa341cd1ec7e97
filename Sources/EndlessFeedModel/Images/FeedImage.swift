import Foundation

/// A picture a feed shows (a row's avatar, a photo, the details picture), described as a plain
/// value: where it is, the pixels it is drawn at, how it fits them, and how urgent it is. The
/// view model hands these to its ``FeedImageLoading``; how they are downloaded, decoded and
/// drawn is the front end's business.
public struct FeedImage: Hashable, Sendable {
    /// A size in pixels.
    public struct Size: Hashable, Sendable {
        /// Pixels across.
        public var width: Int
        /// Pixels down.
        public var height: Int

        /// Creates a size.
        /// - Parameters:
        ///   - width: pixels across.
        ///   - height: pixels down.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// How a picture fits the size it is drawn at.
    public enum ContentMode: Hashable, Sendable {
        /// Fills the size, cropping what overflows (faces, photos).
        case fill
        /// Fits inside the size, whole (icons, logos).
        case fit
    }

    /// How soon a picture is wanted.
    public enum Priority: Int, Comparable, Hashable, Sendable {
        /// For a row just below the screen: loaded when nothing else waits.
        case prefetch
        /// For a row on screen.
        case visible
        /// For the open details.
        case high

        /// Orders by urgency: ``prefetch`` first.
        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Where the picture is.
    public var url: URL {
        didSet { urlHash = url.hashValue }
    }
    /// `url`'s hash, taken once: pictures are looked up by these values several times a
    /// frame (what each row wants, what the loader holds), and hashing a URL hashes its
    /// whole string (issue 29).
    package private(set) var urlHash: Int
    /// The pixels it is drawn at.
    public var size: Size
    /// How it fits them.
    public var contentMode: ContentMode
    /// How soon it is wanted.
    public var priority: Priority

    /// Describes a picture.
    /// - Parameters:
    ///   - url: where it is.
    ///   - size: the pixels it is drawn at.
    ///   - contentMode: how it fits them; ``ContentMode/fill`` by default.
    ///   - priority: how soon it is wanted; ``Priority/visible`` by default.
    public init(url: URL, size: Size, contentMode: ContentMode = .fill, priority: Priority = .visible) {
        self.url = url
        urlHash = url.hashValue
        self.size = size
        self.contentMode = contentMode
        self.priority = priority
    }

    /// Equal pictures: the same URL (its kept hash first), size, fit and priority.
    public static func == (lhs: FeedImage, rhs: FeedImage) -> Bool {
        lhs.urlHash == rhs.urlHash && lhs.size == rhs.size && lhs.contentMode == rhs.contentMode && lhs.priority == rhs.priority
            && lhs.url == rhs.url
    }

    /// Hashes the URL's kept hash, the size, fit and priority.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(urlHash)
        hasher.combine(size)
        hasher.combine(contentMode)
        hasher.combine(priority)
    }
}
