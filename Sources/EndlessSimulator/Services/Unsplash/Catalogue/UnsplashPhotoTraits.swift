import EndlessBlurHash
import Synchronization

/// What Unsplash computes from a photo's pixels: its dominant colour and its BlurHash. The
/// simulator computes them the same way, from the photo itself: the scene is drawn small (a
/// BlurHash keeps 4×3 components, which 32 pixels a side resolve), hashed, and its colours
/// counted.
struct UnsplashPhotoTraits: Sendable, Equatable {
    /// `#rrggbb`: the colour covering most of the picture.
    let color: String
    /// The 4×3 BlurHash of the picture.
    let blurHash: String

    /// Pixels on the long side of the picture the traits are computed from.
    static let sampleSide = 32

    /// Computes the traits of a scene.
    static func compute(_ scene: PhotoScene) -> UnsplashPhotoTraits {
        let width = scene.aspect >= 1 ? sampleSide : max(4, Int((Double(sampleSide) * scene.aspect).rounded()))
        let height = scene.aspect >= 1 ? max(4, Int((Double(sampleSide) / scene.aspect).rounded())) : sampleSide
        let rgb = SceneRenderer.render(scene, width: width, height: height)
        let hash = (try? BlurHash.encode(pixels: rgb, width: width, height: height, bytesPerPixel: 3))?.string ?? ""
        return UnsplashPhotoTraits(color: dominant(rgb).hex, blurHash: hash)
    }

    /// The mean of the most crowded bin of a 4-bit-per-channel histogram: the colour most of the
    /// picture has (a sky, a wall), not the average of everything (which is often mud).
    static func dominant(_ rgb: [UInt8]) -> RGBColor {
        var counts = [Int](repeating: 0, count: 4096)
        var sums = [Int](repeating: 0, count: 4096 * 3)
        for pixel in stride(from: 0, to: rgb.count - 2, by: 3) {
            let bin = Int(rgb[pixel] >> 4) << 8 | Int(rgb[pixel + 1] >> 4) << 4 | Int(rgb[pixel + 2] >> 4)
            counts[bin] += 1
            sums[bin * 3] += Int(rgb[pixel])
            sums[bin * 3 + 1] += Int(rgb[pixel + 1])
            sums[bin * 3 + 2] += Int(rgb[pixel + 2])
        }
        guard let bin = counts.indices.max(by: { counts[$0] < counts[$1] }), counts[bin] > 0 else {
            return RGBColor(red: 0, green: 0, blue: 0)
        }
        let n = counts[bin]
        return RGBColor(red: UInt8(sums[bin * 3] / n), green: UInt8(sums[bin * 3 + 1] / n), blue: UInt8(sums[bin * 3 + 2] / n))
    }
}

/// The traits of the photos served so far, computed once each (a few hundred microseconds) and
/// kept: a few dozen bytes a photo, so the whole catalogue fits in well under a megabyte.
final class UnsplashTraitsStore: Sendable {
    private let traits = Mutex<[Int: UnsplashPhotoTraits]>([:])

    /// The traits of `record`, computed now if it is the first time.
    func traits(of record: UnsplashPhotoRecord) -> UnsplashPhotoTraits {
        if let known = traits.withLock({ $0[record.index] }) { return known }
        // Computed outside the lock: other photos are never held up behind this one.
        let computed = UnsplashPhotoTraits.compute(record.scene)
        traits.withLock { $0[record.index] = computed }
        return computed
    }
}
