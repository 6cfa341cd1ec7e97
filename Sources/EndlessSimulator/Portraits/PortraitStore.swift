import Synchronization

/// Draws and encodes portraits on first use and keeps them: 197 faces in 3 sizes is well
/// under a megabyte of JPEG, so nothing is ever evicted.
final class PortraitStore: Sendable {
    /// Shared by every server in the process: the images depend only on their key.
    static let shared = PortraitStore()

    private let cache = Mutex<[PortraitKey: [UInt8]]>([:])

    /// The JPEG for `key`, drawn now if it is the first request for it.
    func jpeg(for key: PortraitKey) -> [UInt8] {
        if let cached = cache.withLock({ $0[key] }) { return cached }
        // Drawn outside the lock: two threads may race to draw the same face, harmlessly (the
        // result is identical), while other faces are never held up behind one.
        let image = Self.draw(key)
        cache.withLock { $0[key] = image }
        return image
    }

    /// The JPEG for `key` if it has been drawn, without drawing it.
    func cachedJPEG(for key: PortraitKey) -> [UInt8]? {
        cache.withLock { $0[key] }
    }

    static func draw(_ key: PortraitKey) -> [UInt8] {
        let features = PortraitFeatures(gender: key.gender, index: key.index)
        let size = key.size.pixels
        let pixels = PortraitRenderer.render(features, size: size)
        // The encoder fails only without memory; a flat grey JPEG is not an option then
        // either, so an empty body (which clients reject as not an image) is the honest answer.
        return PortraitJPEG.encode(rgb: pixels, size: size) ?? []
    }

    /// How many images are cached (for tests).
    var count: Int { cache.withLock { $0.count } }
}
