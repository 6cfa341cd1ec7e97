import CPNG
import Foundation
import Testing

@testable import EndlessImages

/// Every PNG colour type and bit depth, palettes with tRNS, and Adam7, written by libpng's full
/// writer and decoded at their own size (no resizing), so pixels compare exactly or nearly.
@Suite("PNG decoding")
struct PNGDecodingTests {
    typealias Pixel = (UInt8, UInt8, UInt8, UInt8)
    typealias Colors = TestImages.PNGColorType

    let width = 13  // odd, so sub-byte rows end mid-byte and Adam7 passes are uneven
    let height = 11

    func decode(_ data: Data) throws -> DecodedImage {
        try ImageDecoder().decode(data, for: Fixtures.request("p", width: width, height: height))
    }

    /// Scales a `depth`-bit sample to 8 bits, as PNG specifies.
    func to8(_ sample: Int, depth: Int) -> UInt8 {
        UInt8((sample * 255 + ((1 << depth) - 1) / 2) / ((1 << depth) - 1))
    }

    @Test("grayscale at 1, 2, 4, 8 and 16 bits", arguments: [1, 2, 4, 8, 16])
    func gray(depth: Int) throws {
        let levels = 1 << depth
        // Spread over the whole range at every depth (at 16 bits, steps of 257).
        let sample = { (x: Int, y: Int) in
            depth == 16 ? (x * 7 + y * 3) % 256 * 257 : (x * 7 + y * 3) % levels
        }
        let data = TestImages.png(width: width, height: height, colorType: Colors.gray, bitDepth: Int32(depth)) { y in
            (0..<width).map { UInt16(sample($0, y)) }
        }
        let image = try decode(data)
        let error = image.maximumError { x, y in
            let value = to8(sample(x, y), depth: depth)
            return (value, value, value, 255)
        }
        #expect(error <= 1)
    }

    @Test("gray with alpha at 8 and 16 bits", arguments: [8, 16])
    func grayAlpha(depth: Int) throws {
        let maximum = (1 << depth) - 1
        let samples = { (y: Int) -> [UInt16] in
            var row: [UInt16] = []
            for x in 0..<width {
                let gray: Int = maximum * x / (width - 1)
                let alpha: Int = maximum * y / (height - 1)
                row += [UInt16(gray), UInt16(alpha)]
            }
            return row
        }
        let data = TestImages.png(
            width: width, height: height, colorType: Colors.grayAlpha, bitDepth: Int32(depth), samples: samples)
        let image = try decode(data)
        let error = image.maximumError { x, y in
            let gray = UInt8(255 * x / (width - 1))
            let alpha = UInt8(255 * y / (height - 1))
            // Where alpha is 0 the colour is meaningless: compare only what is visible.
            return alpha == 0
                ? (image.pixel(x: x, y: y).red, image.pixel(x: x, y: y).green, image.pixel(x: x, y: y).blue, 0) : (gray, gray, gray, alpha)
        }
        #expect(error <= 2)
    }

    @Test("RGB and RGBA at 8 and 16 bits", arguments: [(Colors.rgb, 8), (Colors.rgb, 16), (Colors.rgba, 8), (Colors.rgba, 16)])
    func color(colorType: Int32, depth: Int) throws {
        let maximum = (1 << depth) - 1
        let hasAlpha = colorType == Colors.rgba
        let data = TestImages.png(width: width, height: height, colorType: colorType, bitDepth: Int32(depth)) { y in
            (0..<width).flatMap { x -> [UInt16] in
                let rgb = [maximum * x / (width - 1), maximum * y / (height - 1), maximum / 3].map { UInt16($0) }
                return hasAlpha ? rgb + [UInt16(maximum - maximum * (x + y) / (width + height))] : rgb
            }
        }
        let image = try decode(data)
        let error = image.maximumError { x, y in
            let alpha = hasAlpha ? UInt8(255 - 255 * (x + y) / (width + height)) : 255
            return (UInt8(255 * x / (width - 1)), UInt8(255 * y / (height - 1)), 85, alpha)
        }
        #expect(error <= 2)
    }

    @Test("palettes at 1, 2, 4 and 8 bits, with tRNS alpha", arguments: [1, 2, 4, 8])
    func palette(depth: Int) throws {
        let entries = min(1 << depth, 6)
        let palette: [TestImages.RGB] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (0, 0, 0), (10, 200, 30)]
        let alphas: [UInt8] = [255, 128, 0, 64, 255, 200]
        let index = { (x: Int, y: Int) in (x + 2 * y) % entries }
        let data = TestImages.png(
            width: width, height: height, colorType: Colors.palette, bitDepth: Int32(depth),
            palette: Array(palette.prefix(entries)), paletteAlpha: Array(alphas.prefix(entries))
        ) { y in
            (0..<width).map { UInt16(index($0, y)) }
        }
        let image = try decode(data)
        let error = image.maximumError { x, y in
            let entry = index(x, y)
            let color = palette[entry]
            if alphas[entry] == 0 { return (image.pixel(x: x, y: y).red, image.pixel(x: x, y: y).green, image.pixel(x: x, y: y).blue, 0) }
            return (color.red, color.green, color.blue, alphas[entry])
        }
        #expect(error <= 1)
    }

    @Test("tRNS colour keys make gray and RGB pixels transparent")
    func colorKey() throws {
        var key = png_color_16()
        key.gray = 3
        let gray = TestImages.png(
            width: width, height: height, colorType: Colors.gray, bitDepth: 4, transparentColor: key
        ) { y in
            (0..<width).map { UInt16(($0 + y) % 16) }
        }
        let grayImage = try decode(gray)
        #expect(grayImage.pixel(x: 3, y: 0).alpha == 0)
        #expect(grayImage.pixel(x: 4, y: 0) == (68, 68, 68, 255))

        var rgbKey = png_color_16()
        rgbKey.red = 10
        rgbKey.green = 20
        rgbKey.blue = 30
        let rgb = TestImages.png(
            width: width, height: height, colorType: Colors.rgb, bitDepth: 8, transparentColor: rgbKey
        ) { y in
            (0..<width).flatMap { x in x == 0 ? [10, 20, 30] : [UInt16(x), 20, 30] }
        }
        let rgbImage = try decode(rgb)
        #expect(rgbImage.pixel(x: 0, y: 5).alpha == 0)
        #expect(rgbImage.pixel(x: 1, y: 5) == (1, 20, 30, 255))
    }

    @Test(
        "Adam7-interlaced images decode like progressive ones",
        arguments: [
            (Colors.gray, 2), (Colors.rgb, 8), (Colors.rgba, 16), (Colors.palette, 4), (Colors.grayAlpha, 8),
        ])
    func interlaced(colorType: Int32, depth: Int) throws {
        let maximum = (1 << depth) - 1
        let channels = [Colors.gray: 1, Colors.rgb: 3, Colors.rgba: 4, Colors.palette: 1, Colors.grayAlpha: 2][colorType] ?? 1
        var palette: [TestImages.RGB]?
        if colorType == Colors.palette {
            palette = (0...maximum).map { (entry: Int) -> TestImages.RGB in
                (UInt8(entry * 16), UInt8(255 - entry * 16), 7)
            }
        }
        let samples = { (y: Int) in
            (0..<width).flatMap { x in
                (0..<channels).map { c in UInt16((x * 5 + y * 3 + c * 11) % 32 * maximum / 31) }
            }
        }
        let plain = TestImages.png(
            width: width, height: height, colorType: colorType, bitDepth: Int32(depth), palette: palette, samples: samples)
        let adam7 = TestImages.png(
            width: width, height: height, colorType: colorType, bitDepth: Int32(depth), interlaced: true,
            palette: palette, samples: samples)
        #expect(adam7 != plain)
        #expect(adam7[28] == 1)  // IHDR's interlace method byte
        let expected = try decode(plain)
        let image = try decode(adam7)
        #expect(image.pixels == expected.pixels)
    }

    @Test("corrupt and truncated PNGs are typed errors")
    func corrupt() {
        let good = TestImages.png(width: 64, height: 64, colorType: Colors.rgb, bitDepth: 8) { y in
            (0..<64 * 3).map { UInt16(($0 * 7 + y * 13) % 256) }
        }
        var garbled = good
        for index in stride(from: 60, to: good.count - 20, by: 5) { garbled[index] ^= 0x5A }
        let cases: [Data] = [
            good.prefix(good.count / 2),
            good.prefix(8),
            good.prefix(40),
            garbled,
            Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 91) }),
        ]
        for data in cases {
            #expect {
                _ = try decode(data)
            } throws: { error in
                guard case .corruptData(.png, let reason)? = error as? ImageError else { return false }
                return !reason.isEmpty
            }
        }
    }

    @Test("a header claiming 20000x20000 is refused before the pixels are allocated")
    func bomb() {
        let data = TestImages.pngClaiming(width: 20000, height: 20000)
        #expect(data.count < 200)
        #expect(throws: ImageError.tooManyPixels(width: 20000, height: 20000, limit: 50_000_000)) {
            try decode(data)
        }
    }
}
