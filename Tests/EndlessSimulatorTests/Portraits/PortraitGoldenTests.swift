import Testing

@testable import EndlessSimulator

/// Every face of every size, pixel for pixel, against digests recorded from the renderer as it
/// was before drawing was made faster (the straightforward one that evaluated every shape at
/// every pixel of the canvas, which `scanningEveryPixel` still does: endless-bench's
/// `portraits draw` baseline).
/// The set of faces is finite, so this is the whole proof that the faster renderer draws the
/// same pictures: a look change must record new digests on purpose.
@Suite("Portrait pixels")
struct PortraitGoldenTests {
    /// FNV-1a over the RGB bytes of faces 0...maxIndex in order, per gender and size.
    static let recorded: [String: UInt64] = [
        "men/large": 0x3DFB_32B1_44C1_2050, "men/medium": 0x6565_0BF0_11A8_05D8, "men/thumbnail": 0xFBEE_7843_2F38_0F1B,
        "women/large": 0x1CD4_5210_41A4_2DA2, "women/medium": 0xFAD1_334E_938E_6BED,
        "women/thumbnail": 0x0095_987A_A581_3CDD,
    ]

    @Test("every face of every size has the recorded pixels", arguments: PortraitKey.Size.allCases)
    func recordedPixels(_ size: PortraitKey.Size) async throws {
        for gender in PortraitKey.Gender.allCases {
            var digest: UInt64 = 0xCBF2_9CE4_8422_2325
            for index in 0...gender.maxIndex {
                let rgb = PortraitRenderer.render(PortraitFeatures(gender: gender, index: index), size: size.pixels)
                #expect(rgb.count == size.pixels * size.pixels * 3)
                digest = ChaosRandom.hash(rgb, basis: digest)
                // Seconds of drawing in a debug build: other tests' tasks run in between, or
                // their bounded waits run out on the two threads this would hold.
                await Task.yield()
            }
            let name = "\(gender.rawValue)/\(size)"
            let expected = try #require(Self.recorded[name])
            #expect(digest == expected, "\(name): 0x\(String(digest, radix: 16, uppercase: true))")
        }
    }

    @Test("scanning every pixel, the bench's baseline, draws the same faces (48 px)")
    func everyPixelScanMatches() async {
        for gender in PortraitKey.Gender.allCases {
            for index in 0...gender.maxIndex {
                let face = PortraitFeatures(gender: gender, index: index)
                #expect(
                    PortraitRenderer.render(face, size: 48, scanningEveryPixel: true) == PortraitRenderer.render(face, size: 48),
                    "\(gender.rawValue)/\(index)")
                await Task.yield()
            }
        }
    }
}
