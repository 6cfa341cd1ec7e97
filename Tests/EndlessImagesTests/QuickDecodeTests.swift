import Foundation
import Testing

@testable import EndlessImages

/// `ImageDecoder.decodesQuickly`: which pictures the pipeline decodes in the task that has
/// their bytes instead of on a dispatch queue. A wrong answer costs time, never correctness,
/// but it reads a header from the network, so it must never trap whatever the bytes.
@Suite("Quick decodes")
struct QuickDecodeTests {
    let decoder = ImageDecoder()

    @Test("thumbnails up to 128×128 are quick, larger pictures are not")
    func bySize() {
        #expect(decoder.decodesQuickly(TestImages.solidJPEG(width: 48, height: 48, (1, 2, 3))))
        #expect(decoder.decodesQuickly(TestImages.solidJPEG(width: 128, height: 128, (1, 2, 3))))
        #expect(!decoder.decodesQuickly(TestImages.solidJPEG(width: 129, height: 128, (1, 2, 3))))
        #expect(decoder.decodesQuickly(TestImages.solidPNG(width: 72, height: 72, (1, 2, 3))))
        #expect(!decoder.decodesQuickly(TestImages.solidPNG(width: 256, height: 65, (1, 2, 3))))
    }

    @Test("a header's claim decides, and a claim past Int's range does not overflow")
    func claims() {
        #expect(!decoder.decodesQuickly(TestImages.jpegClaiming(width: 4000, height: 3000)))
        #expect(decoder.decodesQuickly(TestImages.pngClaiming(width: 100, height: 100)))
        #expect(!decoder.decodesQuickly(TestImages.pngClaiming(width: 1, height: 16_385)))
        #expect(!decoder.decodesQuickly(TestImages.pngClaiming(width: .max, height: .max)))
        #expect(!decoder.decodesQuickly(TestImages.pngClaiming(width: 70_000, height: 70_000)))
    }

    @Test("more than 64 KiB, no known format, or a cut header is never quick")
    func refused() {
        var large = TestImages.solidPNG(width: 8, height: 8, (1, 2, 3))
        large.append(Data(count: ImageDecoder.quickByteCount))
        #expect(!decoder.decodesQuickly(large))
        #expect(!decoder.decodesQuickly(Data("<html>not an image</html>".utf8)))
        #expect(!decoder.decodesQuickly(TestImages.solidPNG(width: 8, height: 8, (1, 2, 3)).prefix(20)))
        #expect(!decoder.decodesQuickly(TestImages.solidJPEG(width: 8, height: 8, (1, 2, 3)).prefix(4)))
        #expect(!decoder.decodesQuickly(Data()))
    }

    @Test("mutated headers: no trap, and the answer is what the header declares")
    func fuzzedHeaders() {
        var generator = SplitMix(seed: 29)
        let png = [UInt8](TestImages.solidPNG(width: 48, height: 48, (9, 8, 7)))
        let jpeg = [UInt8](TestImages.solidJPEG(width: 48, height: 48, (9, 8, 7)))
        var quick = 0
        for round in 0..<4_000 {
            var bytes = round.isMultiple(of: 2) ? png : jpeg
            // A few bytes of the first 40 (signature and header) changed, some files cut.
            for _ in 0..<Int(generator.next() % 4 + 1) {
                bytes[Int(generator.next() % 40)] = UInt8(truncatingIfNeeded: generator.next())
            }
            if generator.next() % 8 == 0 { bytes.removeLast(Int(generator.next() % UInt64(bytes.count))) }
            let data = Data(bytes)
            let answer = decoder.decodesQuickly(data)
            #expect(answer == declaresFewPixels(data), "round \(round)")
            if answer { quick += 1 }
        }
        // Most mutations leave a readable header: both answers are exercised.
        #expect(quick > 500 && quick < 4_000)
    }

    @Test("through the pipeline, a thumbnail (decoded in its task) and a large picture (on a queue) come out alike")
    func bothPaths() async throws {
        let small = TestImages.solidPNG(width: 48, height: 48, (30, 60, 90))
        let large = TestImages.solidPNG(width: 600, height: 400, (30, 60, 90))
        #expect(decoder.decodesQuickly(small) && !decoder.decodesQuickly(large))
        let loader = MockImageLoader(responses: [Fixtures.url("small"): small, Fixtures.url("large"): large])
        let pipeline = Fixtures.pipeline(loader)
        for name in ["small", "large"] {
            let request = Fixtures.request(name, width: 24, height: 24)
            let image = try await pipeline.image(for: request)
            #expect(image.size == PixelSize(width: 24, height: 24), "\(name)")
            #expect(image.maximumError { _, _ in (30, 60, 90, 255) } <= 2, "\(name)")
        }
        #expect(pipeline.metrics.decodes == 2)
    }

    /// The reference: the header read another way (PNG's IHDR as two big-endian words, a
    /// JPEG's through libjpeg-turbo).
    private func declaresFewPixels(_ data: Data) -> Bool {
        guard data.count <= ImageDecoder.quickByteCount else { return false }
        let bytes = [UInt8](data)
        switch ImageFormat.sniff(data) {
        case .png:
            guard bytes.count >= 24 else { return false }
            let width = UInt64(bytes[16]) << 24 | UInt64(bytes[17]) << 16 | UInt64(bytes[18]) << 8 | UInt64(bytes[19])
            let height = UInt64(bytes[20]) << 24 | UInt64(bytes[21]) << 16 | UInt64(bytes[22]) << 8 | UInt64(bytes[23])
            return width * height <= UInt64(ImageDecoder.quickPixelCount)
        case .jpeg:
            guard let size = try? JPEGDecoder.size(of: data) else { return false }
            return size.width * size.height <= ImageDecoder.quickPixelCount
        case nil:
            return false
        }
    }
}

/// A small deterministic generator, so a failing round can be run again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
