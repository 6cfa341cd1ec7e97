import EndlessBlurHash
import EndlessImages
import Foundation
import UnsplashAPI

/// A photo's placeholder: its BlurHash decoded into a small picture, drawn in the row's cells
/// the frame the row appears, until the photo itself arrives (public for the benchmark).
public enum PhotoPlaceholder {
    /// Pixels on the long side of a placeholder at most: a 4×3 BlurHash has no detail to lose,
    /// and the terminal scales it to the cells, so a few dozen pixels look the same as hundreds.
    static let longSide = 48

    /// How many times fewer pixels a placeholder has than the picture it stands for, each way:
    /// a picture asked for at chafa's 5 × 10 pixels a cell then has one pixel a cell across
    /// and two down, what half blocks show, and the terminal draws it so (`ImageRenderer`)
    /// rather than through chafa's search for symbols, which cost as much as drawing the
    /// photo (issue 29).
    static let reduction = 5

    /// The placeholder of `photo` for a picture of `size` pixels; nil without a valid BlurHash.
    public static func image(for photo: UnsplashPhoto, size: PixelSize) -> DecodedImage? {
        guard let text = photo.blurHash, let hash = try? BlurHash(text), let url = identity(of: hash) else { return nil }
        let scale = min(1 / Double(reduction), Double(longSide) / Double(max(1, max(size.width, size.height))))
        let pixels = PixelSize(
            width: max(1, Int((Double(size.width) * scale).rounded(.down))), height: max(1, Int((Double(size.height) * scale).rounded(.down))))
        return hash.image(size: pixels, request: ImageRequest(url: url, targetSize: size, contentMode: .fill))
    }

    /// `blurhash:<hash>`: the placeholder's own identity, so caches never take it for the photo.
    static func identity(of hash: BlurHash) -> URL? {
        hash.string.addingPercentEncoding(withAllowedCharacters: .alphanumerics).flatMap { URL(string: "blurhash:\($0)") }
    }
}
