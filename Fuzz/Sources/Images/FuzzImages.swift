// Pictures as the network and the disk cache hand them over: the image disk cache's entry
// format, the decoders behind the format sniff and the decompression-bomb limit (JPEG through
// libjpeg-turbo, PNG through libpng, resized to a row's size), and the BlurHash and colour
// texts of Unsplash's JSON. They must never crash, and what they decode must be the size they
// say.
import EndlessBlurHash
import Foundation
import FuzzDriver

@testable import EndlessImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    let body = Data(input)
    // A cache file: what reads as an entry is its payload, which writes back as the same file.
    if let payload = DiskCacheEntry.decode(body) {
        precondition(DiskCacheEntry.encode(payload) == body, "an entry does not write back as the file it was read from")
    }
    decode(body, fill: true, side: 48)
    // A size and mode of the input's own, so other resize paths (upscaling, odd sizes) run too.
    decode(body, fill: input.last.map { $0 & 1 == 0 } ?? false, side: 1 + Int(input.first ?? 0) % 97)
    let text = String(decoding: input, as: UTF8.self)
    if let hash = try? BlurHash(text) {
        precondition(hash.pixels(width: 7, height: 5).count == 7 * 5 * 4, "a placeholder of another size")
    }
    if let color = RGBColor(hex: text) {
        precondition(RGBColor(hex: color.hex) == color, "a colour does not read back from its own text")
    }
    return 0
}

/// Decodes `body` for a `side`×(2/3 `side`) picture: refused, or exactly that size (fill), or
/// within it (fit), with four bytes a pixel.
private func decode(_ body: Data, fill: Bool, side: Int) {
    let target = PixelSize(width: side, height: max(1, side * 2 / 3))
    let request = ImageRequest(url: placeholderURL, targetSize: target, contentMode: fill ? .fill : .fit)
    // A bound well above a photo's details, so one input cannot take seconds.
    guard let image = try? ImageDecoder(maximumPixelCount: 4_000_000).decode(body, for: request) else { return }
    precondition(image.pixels.count == image.width * image.height * 4, "pixels of another size than the picture says")
    if fill {
        precondition(image.width == target.width && image.height == target.height, "a filled picture of another size")
    } else {
        precondition(
            (1...target.width).contains(image.width) && (1...target.height).contains(image.height), "a fitted picture outside its bounds")
    }
}

private let placeholderURL = URL(fileURLWithPath: "/picture")

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzImages) }
}
