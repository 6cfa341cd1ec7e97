import CTurboJPEG
import Foundation
import Testing

@testable import EndlessImages

@Suite("JPEG decoding")
struct JPEGDecodingTests {
    let decoder = ImageDecoder()

    @Test("a gradient decodes at full size within JPEG's tolerance")
    func fullSizeGradient() throws {
        let data = TestImages.jpeg(width: 64, height: 48) { x, y in
            TestImages.gradient(x: x, y: y, width: 64, height: 48)
        }
        let image = try decoder.decode(data, for: Fixtures.request("g", width: 64, height: 48))
        #expect(image.size == PixelSize(width: 64, height: 48))
        let error = image.maximumError { x, y in
            let color = TestImages.gradient(x: x, y: y, width: 64, height: 48)
            return (color.red, color.green, color.blue, 255)
        }
        #expect(error <= 6)
    }

    @Test("solid colours survive DCT scaling and resizing", arguments: [8, 17, 48, 100])
    func solidColour(side: Int) throws {
        let data = TestImages.solidJPEG(width: 256, height: 192, (200, 40, 90))
        let image = try decoder.decode(data, for: Fixtures.request("s", width: side, height: side))
        #expect(image.size == PixelSize(width: side, height: side))
        #expect(image.maximumError { _, _ in (200, 40, 90, 255) } <= 3)
    }

    @Test("a downscaled gradient keeps its shape")
    func downscaledGradient() throws {
        let data = TestImages.jpeg(width: 512, height: 512) { x, y in
            TestImages.gradient(x: x, y: y, width: 512, height: 512)
        }
        let image = try decoder.decode(data, for: Fixtures.request("g", width: 48, height: 48))
        #expect(image.size == PixelSize(width: 48, height: 48))
        // Each output pixel averages its 512/48-wide cell: its centre's gradient value.
        let error = image.maximumError { x, y in
            let centre = { (position: Int) in UInt8(((Double(position) + 0.5) * 512 / 48 - 0.5) * 255 / 511) }
            return (centre(x), centre(y), 96, 255)
        }
        #expect(error <= 6)
    }

    @Test(
        "DCT scaling picks the smallest factor at least as large as the target",
        arguments: [
            // source, target, mode, expected factor
            (512, 512, 48, 48, ContentMode.fill, "1/8"),
            (512, 512, 64, 64, .fill, "1/8"),
            (512, 512, 65, 65, .fill, "1/4"),
            (512, 512, 128, 128, .fill, "1/4"),
            (512, 512, 200, 200, .fill, "1/2"),
            (512, 512, 256, 256, .fill, "1/2"),
            (512, 512, 300, 300, .fill, "5/8"),
            (512, 512, 512, 512, .fill, "1/1"),
            (512, 512, 1024, 1024, .fill, "1/1"),
            // Fill needs the shorter side covered; fit only the limiting side.
            (800, 400, 100, 100, .fill, "1/4"),
            (800, 400, 100, 100, .fit, "1/8"),
            (1000, 1000, 1, 1, .fill, "1/8"),
        ])
    func scalingFactor(
        sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int, mode: ContentMode,
        expected: String
    ) {
        let factor = JPEGDecoder.scalingFactor(
            source: PixelSize(width: sourceWidth, height: sourceHeight),
            target: PixelSize(width: targetWidth, height: targetHeight), mode: mode)
        #expect(factor.description == expected)
    }

    @Test("libjpeg-turbo offers the factors the selection relies on")
    func availableFactors() {
        let factors = JPEGDecoder.scalingFactors.map(\.description)
        #expect(factors.contains("1/8"))
        #expect(factors.contains("1/4"))
        #expect(factors.contains("1/2"))
        #expect(factors.contains("1/1"))
    }

    @Test("fill crops to the target's aspect ratio, fit keeps the whole image")
    func fillVersusFit() throws {
        // Left half red, right half blue, 200x100.
        let data = TestImages.jpeg(width: 200, height: 100) { x, _ in
            x < 100 ? (255, 0, 0) : (0, 0, 255)
        }
        let fill = try decoder.decode(data, for: Fixtures.request("f", width: 40, height: 40, mode: .fill))
        #expect(fill.size == PixelSize(width: 40, height: 40))
        // The centre square: x 50..<150 of the source; still half red, half blue.
        #expect(fill.pixel(x: 2, y: 20).red > 240)
        #expect(fill.pixel(x: 37, y: 20).blue > 240)

        let fit = try decoder.decode(data, for: Fixtures.request("f", width: 40, height: 40, mode: .fit))
        #expect(fit.size == PixelSize(width: 40, height: 20))
        #expect(fit.pixel(x: 2, y: 10).red > 240)
        #expect(fit.pixel(x: 37, y: 10).blue > 240)
    }

    @Test("corrupt, truncated and random bytes are typed errors")
    func corruptData() {
        let good = TestImages.jpeg(width: 64, height: 64) { x, y in
            TestImages.gradient(x: x, y: y, width: 64, height: 64)
        }
        let request = Fixtures.request("c")
        var garbled = good
        for index in stride(from: good.count / 3, to: good.count - 2, by: 7) { garbled[index] = 0xFF }
        let cases: [Data] = [
            good.prefix(good.count / 2),  // truncated in the scan
            good.prefix(20),  // truncated in the header
            Data([0xFF, 0xD8, 0xFF]),  // only the signature
            garbled,
            Data([0xFF, 0xD8, 0xFF] + (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) }),
        ]
        for data in cases {
            #expect {
                _ = try decoder.decode(data, for: request)
            } throws: { error in
                guard case .corruptData(.jpeg, _)? = error as? ImageError else { return false }
                return true
            }
        }
    }

    @Test("unknown formats are refused by their first bytes, whatever the URL says")
    func unknownFormat() {
        let html = Data("<!DOCTYPE html><p>Not found</p>".utf8)
        let request = ImageRequest(url: URL(string: "https://x.example/a.jpg")!, targetSize: .init(width: 8, height: 8))
        #expect(throws: ImageError.unsupportedFormat(leadingBytes: "3c21444f43545950")) {
            try decoder.decode(html, for: request)
        }
        #expect(throws: ImageError.unsupportedFormat(leadingBytes: "")) {
            try decoder.decode(Data(), for: request)
        }
        #expect(ImageFormat.sniff(Data([0x47, 0x49, 0x46, 0x38])) == nil)
    }

    @Test("a header claiming 20000x20000 is refused before decoding")
    func bomb() {
        let data = TestImages.jpegClaiming(width: 20000, height: 20000)
        #expect(data.count < 1000)
        #expect(throws: ImageError.tooManyPixels(width: 20000, height: 20000, limit: 50_000_000)) {
            try decoder.decode(data, for: Fixtures.request("b"))
        }
    }

    @Test("the pixel limit is configurable")
    func configurableLimit() throws {
        let data = TestImages.solidJPEG(width: 16, height: 16, (1, 2, 3))
        let strict = ImageDecoder(maximumPixelCount: 255)
        #expect(throws: ImageError.tooManyPixels(width: 16, height: 16, limit: 255)) {
            try strict.decode(data, for: Fixtures.request("l"))
        }
        _ = try ImageDecoder(maximumPixelCount: 256).decode(data, for: Fixtures.request("l"))
    }

    @Test("an empty target size is refused")
    func emptyTarget() {
        let data = TestImages.solidJPEG(width: 16, height: 16, (1, 2, 3))
        #expect(throws: ImageError.invalidTargetSize(PixelSize(width: 0, height: 10))) {
            try decoder.decode(data, for: Fixtures.request("e", width: 0, height: 10))
        }
    }
}
