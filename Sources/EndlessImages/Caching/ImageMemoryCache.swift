import EndlessShared
import Foundation
import Synchronization

/// Decoded images kept in memory, least recently used first out, bounded both by the bytes
/// their pixels take and by their number.
///
/// Lookups are synchronous and lock-protected, callable from any thread or actor: a view can
/// ask while it lays out its first frame and draw a cached avatar at once, with no placeholder
/// flicker. Images are keyed by what determines their pixels (URL, target size, content mode);
/// the priority of a request does not matter.
///
/// Defaults follow Nuke's `ImageCache`: the cost limit is 20 % of physical memory (10 % on
/// machines with 512 MiB or less), capped at 512 MiB; the count limit is 1000 images, enough
/// for several screens of avatars in a few sizes.
public final class ImageMemoryCache: Sendable {
    /// The default cost limit: 20 % of physical RAM (10 % at or below 512 MiB), at most 512 MiB.
    public static let defaultCostLimit: Int = {
        let physical = Double(ProcessInfo.processInfo.physicalMemory)
        let share = physical <= 512 * 1024 * 1024 ? 0.1 : 0.2
        return Int(min(physical * share, 512 * 1024 * 1024))
    }()

    /// The default count limit: 1000 images.
    public static let defaultCountLimit = 1000

    private let state: Mutex<LRUList<ProcessingKey, DecodedImage>>

    /// Creates an empty cache.
    /// - Parameters:
    ///   - costLimit: the most bytes of pixels kept; an image larger than this is not kept.
    ///   - countLimit: the most images kept.
    public init(costLimit: Int = defaultCostLimit, countLimit: Int = defaultCountLimit) {
        state = Mutex(LRUList(costLimit: costLimit, countLimit: countLimit))
    }

    /// The cached image for `request`, tagged with `request`; a hit makes it the most recently
    /// used.
    /// - Parameter request: what to look up (its priority is ignored).
    /// - Returns: the image, or `nil` if it is not cached.
    public func image(for request: ImageRequest) -> DecodedImage? {
        state.withLock { $0.value(for: request.processingKey) }?.tagged(with: request)
    }

    /// Keeps `image` under its own request, evicting the least recently used images until the
    /// limits hold.
    /// - Parameter image: the image; its ``DecodedImage/request`` is its key.
    public func store(_ image: DecodedImage) {
        state.withLock { $0.insert(image, for: image.request.processingKey, cost: image.cost) }
    }

    /// Forgets the image for `request`, if cached.
    /// - Parameter request: what to forget (its priority is ignored).
    public func removeImage(for request: ImageRequest) {
        state.withLock { $0.remove(request.processingKey) }
    }

    /// Forgets every image.
    public func removeAll() {
        state.withLock { $0.removeAll() }
    }

    /// How many images are cached.
    public var count: Int { state.withLock { $0.count } }

    /// The bytes of pixels cached.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// The cost limit in bytes.
    public var costLimit: Int { state.withLock { $0.costLimit } }

    /// The count limit.
    public var countLimit: Int { state.withLock { $0.countLimit } }
}
