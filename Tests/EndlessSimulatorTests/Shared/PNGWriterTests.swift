import EndlessImages
import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The simulator's PNG encoder: lossless, and compressing each image once, into a buffer sized
/// for the worst case up front.
@Suite("PNG writer")
struct PNGWriterTests {
    /// Pixels that do not compress (seeded noise), so deflate falls back to stored blocks: the
    /// largest output an image of that size can have.
    static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandomNumberGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    static func decode(_ png: [UInt8], width: Int, height: Int) throws -> DecodedImage {
        try ImageDecoder().decode(
            Data(png), for: ImageRequest(url: URL(fileURLWithPath: "/image.png"), targetSize: PixelSize(width: width, height: height)))
    }

    @Test(
        "RGB noise decodes to the very pixels written, at sizes from one pixel to wider than a zlib buffer",
        arguments: [
            (1, 1), (5, 3), (129, 67), (300, 40),
        ])
    func rgbRoundTrip(width: Int, height: Int) throws {
        let rgb = Self.noise(count: width * height * 3, seed: UInt64(width * 1_000 + height))
        let png = try #require(PNGWriter.encode(rgb: rgb, width: width, height: height))
        #expect(png.count <= PNGWriter.worstCaseSize(rawBytes: rgb.count + height))
        let image = try Self.decode(png, width: width, height: height)
        #expect(image.width == width && image.height == height)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image.pixel(x: x, y: y)
                let index = (y * width + x) * 3
                if (pixel.red, pixel.green, pixel.blue, pixel.alpha) != (rgb[index], rgb[index + 1], rgb[index + 2], 255) {
                    mismatches += 1
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("RGBA: alpha is kept exactly, and colour wherever the pixel is opaque")
    func rgbaRoundTrip() throws {
        let (width, height) = (64, 48)
        var rgba = Self.noise(count: width * height * 4, seed: 29)
        // Every other pixel opaque, so colours can be compared where no blending is involved.
        for index in stride(from: 0, to: width * height, by: 2) { rgba[index * 4 + 3] = 255 }
        let png = try #require(PNGWriter.encode(rgba: rgba, width: width, height: height))
        #expect(png.count <= PNGWriter.worstCaseSize(rawBytes: rgba.count + height))
        let image = try Self.decode(png, width: width, height: height)
        var wrongAlpha = 0
        var wrongColour = 0
        for y in 0..<height {
            for x in 0..<width {
                let pixel = image.pixel(x: x, y: y)
                let index = (y * width + x) * 4
                if pixel.alpha != rgba[index + 3] { wrongAlpha += 1 }
                if rgba[index + 3] == 255, (pixel.red, pixel.green, pixel.blue) != (rgba[index], rgba[index + 1], rgba[index + 2]) {
                    wrongColour += 1
                }
            }
        }
        #expect(wrongAlpha == 0)
        #expect(wrongColour == 0)
    }

    @Test("a buffer found too small is grown to the size libpng asks for, and the file is the same")
    func retriesWhenTooSmall() throws {
        let rgb = Self.noise(count: 40 * 30 * 3, seed: 7)
        let roomy = try #require(PNGWriter.encode(rgb: rgb, width: 40, height: 30))
        #expect(roomy.count > 64)
        let grown = try #require(PNGWriter.encode(rgb: rgb, width: 40, height: 30, room: 64))
        #expect(grown == roomy)
    }

    @Test("a flat image compresses far below the raw pixels; pixels that do not match the size are refused")
    func compressesAndRefuses() throws {
        let flat = [UInt8](repeating: 90, count: 128 * 128 * 3)
        let png = try #require(PNGWriter.encode(rgb: flat, width: 128, height: 128))
        #expect(png.count < flat.count / 20)
        #expect(PNGWriter.encode(rgb: flat, width: 128, height: 127) == nil)
        #expect(PNGWriter.encode(rgba: flat, width: 128, height: 128) == nil)
        #expect(PNGWriter.encode(rgb: [], width: 0, height: 0) == nil)
    }
}
