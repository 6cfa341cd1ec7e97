import EndlessBlurHash
import EndlessImages
import Foundation
import Testing

@testable import EndlessSimulator

/// BlurHash: the reference hashes published with the algorithm (woltapp/blurhash's README),
/// decoded and compared with an independent implementation (the `blurhash` package on PyPI,
/// 1.1.5, whose 4×3-pixel decodes are below), malformed hashes, the encoder against the same
/// implementation's strings, and a round trip through a real JPEG.
@Suite("BlurHash")
struct BlurHashTests {
    /// Each reference hash, its average colour (the DC digits), and its 4×3 decode by the
    /// Python implementation, rows top to bottom.
    static let references: [(hash: String, average: String, decoded: [[(Int, Int, Int)]])] = [
        (
            "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "#979695",
            [
                [(135, 164, 177), (161, 173, 177), (181, 180, 171), (160, 172, 174)],
                [(124, 154, 169), (148, 148, 154), (164, 145, 134), (146, 152, 155)],
                [(124, 144, 154), (144, 134, 132), (163, 130, 104), (148, 140, 134)],
            ]
        ),
        (
            "LGF5]+Yk^6#M@-5c,1J5@[or[Q6.", "#837e98",
            [
                [(176, 118, 163), (167, 119, 184), (118, 100, 169), (167, 79, 126)],
                [(149, 142, 180), (109, 138, 198), (113, 117, 143), (149, 108, 109)],
                [(145, 161, 153), (92, 153, 178), (100, 129, 135), (119, 116, 108)],
            ]
        ),
        (
            "L6PZfSi_.AyE_3t7t7R**0o#DgR4", "#ddd9d5",
            [
                [(229, 228, 226), (228, 226, 224), (227, 225, 223), (226, 226, 223)],
                [(228, 225, 225), (222, 214, 208), (218, 211, 203), (223, 220, 216)],
                [(223, 220, 220), (216, 209, 203), (214, 207, 198), (219, 216, 212)],
            ]
        ),
        (
            "LKN]Rv%2Tw=w]~RBVZRi};RPxuwH", "#d0b1a3",
            [
                [(250, 192, 161), (232, 186, 168), (238, 184, 153), (245, 196, 155)],
                [(216, 185, 172), (204, 174, 165), (210, 170, 158), (208, 175, 156)],
                [(206, 196, 184), (188, 172, 165), (194, 157, 156), (193, 166, 163)],
            ]
        ),
    ]

    @Test("the reference hashes: 4×3 components, their average colour, and their decode within one level")
    func referenceHashes() throws {
        for reference in Self.references {
            let hash = try BlurHash(reference.hash)
            #expect(hash.componentsX == 4 && hash.componentsY == 3)
            #expect(hash.averageColor.hex == reference.average, "\(reference.hash)")
            let pixels = hash.pixels(width: 4, height: 3)
            try #require(pixels.count == 4 * 3 * 4)
            for (y, row) in reference.decoded.enumerated() {
                for (x, wanted) in row.enumerated() {
                    let offset = (y * 4 + x) * 4
                    let got = (Int(pixels[offset]), Int(pixels[offset + 1]), Int(pixels[offset + 2]))
                    let error = max(abs(got.0 - wanted.0), abs(got.1 - wanted.1), abs(got.2 - wanted.2))
                    #expect(error <= 1, "\(reference.hash) at \(x),\(y): \(got) against \(wanted)")
                    #expect(pixels[offset + 3] == 255)
                }
            }
        }
    }

    @Test("a larger decode is smooth: neighbouring pixels differ by a few levels at most")
    func smoothDecode() throws {
        let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        let (width, height) = (64, 48)
        let pixels = hash.pixels(width: width, height: height)
        try #require(pixels.count == width * height * 4)
        var worst = 0
        for y in 0..<height {
            for x in 1..<width {
                for channel in 0..<3 {
                    worst = max(worst, abs(Int(pixels[(y * width + x) * 4 + channel]) - Int(pixels[(y * width + x - 1) * 4 + channel])))
                }
            }
        }
        #expect(worst <= 8)
        let image = hash.image(
            size: PixelSize(width: 8, height: 6),
            request: ImageRequest(url: URL(fileURLWithPath: "/placeholder"), targetSize: PixelSize(width: 8, height: 6)))
        #expect(image.width == 8 && image.height == 6)
    }

    @Test("punch scales the AC components: more contrast, the same average")
    func punch() throws {
        let hash = try BlurHash("LGF5]+Yk^6#M@-5c,1J5@[or[Q6.")
        func spread(_ pixels: [UInt8]) -> Int {
            let reds = stride(from: 0, to: pixels.count, by: 4).map { Int(pixels[$0]) }
            return (reds.max() ?? 0) - (reds.min() ?? 0)
        }
        #expect(spread(hash.pixels(width: 16, height: 12, punch: 2)) > spread(hash.pixels(width: 16, height: 12)))
        let flat = hash.pixels(width: 16, height: 12, punch: 0)
        try #require(flat.count == 16 * 12 * 4)
        #expect(abs(Int(flat[0]) - Int(hash.averageColor.red)) <= 1)
    }

    @Test(
        "malformed hashes are refused, saying what is wrong",
        arguments: [
            ("", BlurHashError.tooShort(length: 0)),
            ("LEHV6", .tooShort(length: 5)),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdn", .wrongLength(length: 27, expected: 28, componentsX: 4, componentsY: 3)),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdnjj", .wrongLength(length: 29, expected: 28, componentsX: 4, componentsY: 3)),
            ("00F=?w0", .wrongLength(length: 7, expected: 6, componentsX: 1, componentsY: 1)),
            ("LEHV6nWB2yk8pyo0adR*.7kC\"dnj", .invalidCharacter(offset: 24)),
            ("LEHV 6nWB2yk8pyo0adR*.7kCMdn", .invalidCharacter(offset: 4)),
            ("!EHV6nWB2yk8pyo0adR*.7kCMdnj", .invalidCharacter(offset: 0)),
            ("LEHV6nWB2yk8pyo0adR*.7kCMdné", .wrongLength(length: 29, expected: 28, componentsX: 4, componentsY: 3)),
        ])
    func malformed(_ text: String, error: BlurHashError) {
        #expect(throws: error) { try BlurHash(text) }
        #expect(!error.description.isEmpty)
    }

    @Test("component counts come from the first digit: 1×1 up to 9×9")
    func componentCounts() throws {
        let single = try BlurHash("00F=?w")
        #expect(single.componentsX == 1 && single.componentsY == 1)
        let nine = try BlurHash(Self.nineByNine)
        #expect(nine.componentsX == 9 && nine.componentsY == 9)
    }

    /// The Python implementation's hashes of a formula-drawn 24×16 image.
    static let nineByNine =
        "|oF=?w2iwybbWmogSJs;SJqJWFjve.fSjFa~jFa}gHflfOflfOfkfPfkfPs;WnjvfOfRjsa}jsa|enf9fPf8fPf8fPf7fQt7W-jufifRj@a|j[a{enf8fQf7fRf6fRf6fRt7W-jsfkfPj[a{j[a{eVf8fRf6fRf6fRf6fR"

    @Test("the encoder writes the reference implementation's strings")
    func encoderMatchesReference() throws {
        let (width, height) = (24, 16)
        var formula = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { formula += [UInt8(x * 10 % 256), UInt8(y * 15 % 256), UInt8((x + y) * 7 % 256)] }
        }
        func encode(_ pixels: [UInt8], _ nx: Int, _ ny: Int) throws -> String {
            try BlurHash.encode(pixels: pixels, width: width, height: height, bytesPerPixel: 3, componentsX: nx, componentsY: ny).string
        }
        #expect(try encode(formula, 4, 3) == "LoF=?w2iwybbqJWFjve.gHflfOfl")
        #expect(try encode(formula, 1, 1) == "00F=?w")
        #expect(try encode(formula, 9, 9) == Self.nineByNine)
        var blocks = [UInt8]()
        for y in 0..<height {
            for x in 0..<width { blocks += [x < width / 2 ? 200 : 30, 120, y < height / 2 ? 60 : 220, 255] }
        }
        #expect(
            try BlurHash.encode(pixels: blocks, width: width, height: height, componentsX: 5, componentsY: 4).string
                == "V$H1Zf|{sUOYfQsxn~jta_fQfMfPfQfPfQs@o2jta}fQ")
    }

    @Test("the encoder refuses what it cannot hash")
    func encoderRefusals() {
        #expect(throws: BlurHashError.invalidComponentCount(x: 0, y: 3)) {
            try BlurHash.encode(pixels: [0, 0, 0, 255], width: 1, height: 1, componentsX: 0, componentsY: 3)
        }
        #expect(throws: BlurHashError.self) { try BlurHash.encode(pixels: [0, 0, 0], width: 1, height: 1) }
        #expect(throws: BlurHashError.self) { try BlurHash.encode(pixels: [], width: 0, height: 0) }
    }

    @Test("round trip through a real JPEG: encode the decoded picture, decode the hash, the colour layout matches")
    func roundTrip() throws {
        // Sky over a sea and green land on the left: the layout a photo row's placeholder must keep.
        let (width, height) = (96, 64)
        let jpeg = TestImages.jpeg(width: width, height: height) { x, y in
            if y < height / 2 { return (UInt8(70 + y), UInt8(130 + y), 235) }
            return x < width / 2 ? (40, 150, 60) : (20, 60, 140)
        }
        let decoded = try ImageDecoder().decode(
            jpeg, for: ImageRequest(url: URL(fileURLWithPath: "/sea.jpg"), targetSize: PixelSize(width: 48, height: 32)))
        let hash = try BlurHash.encode(pixels: decoded.pixels, width: decoded.width, height: decoded.height)
        #expect(hash.string.count == 28 && hash.string.hasPrefix("L"))
        let blurred = hash.pixels(width: 48, height: 32)
        try #require(blurred.count == 48 * 32 * 4 && decoded.pixels.count == 48 * 32 * 4)
        /// The mean colour of a quadrant of a 48×32 RGBA picture.
        func mean(_ pixels: [UInt8], right: Bool, bottom: Bool) -> (Int, Int, Int) {
            var sums = (0, 0, 0), count = 0
            for y in (bottom ? 20 : 2)..<(bottom ? 30 : 12) {
                for x in (right ? 28 : 4)..<(right ? 44 : 20) {
                    let offset = (y * 48 + x) * 4
                    sums.0 += Int(pixels[offset]); sums.1 += Int(pixels[offset + 1]); sums.2 += Int(pixels[offset + 2])
                    count += 1
                }
            }
            return (sums.0 / count, sums.1 / count, sums.2 / count)
        }
        for (right, bottom) in [(false, false), (true, false), (false, true), (true, true)] {
            let original = mean(decoded.pixels, right: right, bottom: bottom)
            let placeholder = mean(blurred, right: right, bottom: bottom)
            let error = max(abs(original.0 - placeholder.0), abs(original.1 - placeholder.1), abs(original.2 - placeholder.2))
            #expect(error <= 40, "quadrant right=\(right) bottom=\(bottom): \(original) against \(placeholder)")
        }
        // The land is greener than the sea in the placeholder too; the sky is the bluest.
        let land = mean(blurred, right: false, bottom: true), sea = mean(blurred, right: true, bottom: true)
        #expect(land.1 > sea.1 && sea.2 > land.2)
        #expect(mean(blurred, right: false, bottom: false).2 > land.2)
        // The average colour is the picture's, in linear light.
        let one = hash.pixels(width: 1, height: 1, punch: 0)
        try #require(one.count == 4)
        #expect(abs(Int(hash.averageColor.blue) - Int(one[2])) <= 1)
    }

    @Test("a simulator portrait round-trips: the face's background colour survives in the corners")
    func portraitRoundTrip() throws {
        let key = try #require(PortraitKey(path: "women/7.jpg"))
        let jpeg = Data(PortraitStore.draw(key))
        let decoded = try ImageDecoder().decode(
            jpeg, for: ImageRequest(url: URL(fileURLWithPath: "/face.jpg"), targetSize: PixelSize(width: 32, height: 32)))
        let hash = try BlurHash.encode(pixels: decoded.pixels, width: 32, height: 32)
        let blurred = hash.pixels(width: 32, height: 32)
        try #require(blurred.count == 32 * 32 * 4)
        let corner = decoded.pixel(x: 1, y: 1)
        let error = max(
            abs(Int(corner.red) - Int(blurred[132])), abs(Int(corner.green) - Int(blurred[133])), abs(Int(corner.blue) - Int(blurred[134])))
        #expect(error <= 60)
    }

    @Test("colours read from Unsplash's #rrggbb")
    func colours() {
        #expect(RGBColor(hex: "#d9d9d9") == RGBColor(red: 217, green: 217, blue: 217))
        #expect(RGBColor(hex: "0C2340")?.hex == "#0c2340")
        #expect(RGBColor(hex: "#d9d9d") == nil && RGBColor(hex: "#gggggg") == nil && RGBColor(hex: "") == nil)
    }
}
