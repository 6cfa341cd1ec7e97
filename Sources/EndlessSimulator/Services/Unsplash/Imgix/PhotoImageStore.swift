import EndlessShared
import Synchronization

/// The offline imgix: draws a photo's scene for a plan, encodes it, and keeps the most recent
/// results (by bytes), so a list scrolled back and forth is drawn once.
final class PhotoImageStore: Sendable {
    /// A few screens of thumbnails and a few large pictures.
    static let defaultCapacityBytes = 64 * 1024 * 1024
    /// The most pictures kept, however small: sizes are the client's to choose (`w=1`…`w=8192`
    /// times `h`, `q`, `dpr`), and tiny ones would otherwise fill the bytes with hundreds of
    /// thousands of entries.
    static let maximumEntries = 4096

    struct Key: Hashable, Sendable {
        let photo: Int
        let plan: ImgixRequest.Plan
    }

    private struct State {
        var images: LRUList<Key, [UInt8]>
        var renders = 0
    }

    let capacityBytes: Int
    private let state: Mutex<State>

    init(capacityBytes: Int = defaultCapacityBytes) {
        self.capacityBytes = capacityBytes
        state = Mutex(State(images: LRUList(costLimit: capacityBytes, countLimit: Self.maximumEntries)))
    }

    /// The encoded image of `record` for `plan`, drawn now if it is not kept.
    func image(of record: UnsplashPhotoRecord, plan: ImgixRequest.Plan) -> [UInt8] {
        let key = Key(photo: record.index, plan: plan)
        if let cached = state.withLock({ $0.images.value(for: key) }) { return cached }
        // Drawn outside the lock: two requests for the same picture may both draw it
        // (harmlessly: the result is the same), but no picture waits behind another.
        let rgb = SceneRenderer.render(record.scene, source: plan.source, width: plan.width, height: plan.height)
        let encoded: [UInt8]
        switch plan.format {
        case .jpg: encoded = PortraitJPEG.encode(rgb: rgb, width: plan.width, height: plan.height, quality: Int32(max(1, plan.quality))) ?? []
        case .png: encoded = PNGWriter.encode(rgb: rgb, width: plan.width, height: plan.height) ?? []
        }
        state.withLock { state in
            state.renders += 1
            state.images.insert(encoded, for: key, cost: encoded.count)
        }
        return encoded
    }

    /// Pictures drawn so far (a cached one is not drawn again), for tests.
    var renders: Int { state.withLock { $0.renders } }
}
