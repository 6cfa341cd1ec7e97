import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

/// Resampling rows as they arrive gives what resizing the whole image gives.
@Suite("Row-by-row resampling")
struct RowResamplerTests {
    static let plans: [(source: PixelSize, target: PixelSize, mode: ContentMode)] = [
        (PixelSize(width: 97, height: 61), PixelSize(width: 16, height: 16), .fill),
        (PixelSize(width: 97, height: 61), PixelSize(width: 16, height: 16), .fit),
        (PixelSize(width: 13, height: 11), PixelSize(width: 40, height: 30), .fill),  // grows
        (PixelSize(width: 300, height: 7), PixelSize(width: 20, height: 20), .fill),  // shrinks x, grows y
        (PixelSize(width: 50, height: 50), PixelSize(width: 50, height: 50), .fill),  // identity
    ]

    static func image(_ size: PixelSize, seed: UInt64, alpha: Bool) -> [UInt8] {
        var random = SeededRandomNumberGenerator(seed: seed)
        return (0..<size.width * size.height).flatMap { _ -> [UInt8] in
            [
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                UInt8.random(in: 0...255, using: &random), alpha ? UInt8.random(in: 0...255, using: &random) : 255,
            ]
        }
    }

    @Test("whole rows in order match ImageResizer", arguments: 0..<plans.count, [false, true])
    func matchesResizer(planIndex: Int, alpha: Bool) {
        let (source, target, mode) = Self.plans[planIndex]
        let pixels = Self.image(source, seed: UInt64(planIndex), alpha: alpha)
        let plan = ResizePlan(source: source, target: target, mode: mode)
        let expected = ImageResizer.resize(pixels, size: source, plan: plan, hasAlpha: alpha)
        var resampler = RowResampler(source: source, plan: plan, hasAlpha: alpha)
        pixels.withUnsafeBufferPointer { all in
            for y in 0..<source.height {
                let row = UnsafeBufferPointer(rebasing: all[(y * source.width * 4)..<((y + 1) * source.width * 4)])
                resampler.add(row: row, y: y, count: source.width)
            }
        }
        let output = resampler.finish()
        #expect(output.count == expected.count)
        var worst = 0
        for offset in stride(from: 0, to: min(output.count, expected.count), by: 4) {
            let channels = expected[offset + 3] == 0 ? [3] : [0, 1, 2, 3]
            for channel in channels {
                worst = max(worst, abs(Int(output[offset + channel]) - Int(expected[offset + channel])))
            }
        }
        // Only the order of float additions differs; fully transparent pixels' colour is moot.
        #expect(worst <= (alpha ? 2 : 1), "plan \(planIndex): differs by up to \(worst)")
    }

    @Test("Adam7 passes, sparse and out of order, sum to the same image")
    func sparsePasses() {
        let source = PixelSize(width: 37, height: 29)
        let pixels = Self.image(source, seed: 9, alpha: false)
        let plan = ResizePlan(source: source, target: PixelSize(width: 9, height: 7), mode: .fill)
        var whole = RowResampler(source: source, plan: plan, hasAlpha: false)
        var passes = RowResampler(source: source, plan: plan, hasAlpha: false)
        pixels.withUnsafeBufferPointer { all in
            for y in 0..<source.height {
                whole.add(row: UnsafeBufferPointer(rebasing: all[(y * 37 * 4)..<((y + 1) * 37 * 4)]), y: y, count: 37)
            }
        }
        for pass in Adam7.passes {
            let columns = Adam7.count(of: 37, start: pass.startX, step: pass.stepX)
            for y in stride(from: pass.startY, to: 29, by: pass.stepY) {
                let row = (0..<columns).flatMap { index -> [UInt8] in
                    let offset = (y * 37 + pass.startX + index * pass.stepX) * 4
                    return Array(pixels[offset..<(offset + 4)])
                }
                row.withUnsafeBufferPointer {
                    passes.add(row: $0, y: y, firstX: pass.startX, stepX: pass.stepX, count: columns)
                }
            }
        }
        let worst = zip(whole.finish(), passes.finish()).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }

    /// Row `y` of a 120-pixel-wide RGB test pattern.
    static func samples(_ y: Int) -> [UInt16] {
        var row: [UInt16] = []
        for x in 0..<120 {
            row.append(UInt16((x * 2) % 256))
            row.append(UInt16((y * 3) % 256))
            row.append(UInt16((x + y) % 256))
        }
        return row
    }

    @Test("a large interlaced PNG downscales like the same image stored plainly")
    func interlacedDownscale() throws {
        let width = 120
        let height = 90
        let plain = TestImages.png(
            width: width, height: height, colorType: TestImages.PNGColorType.rgb, bitDepth: 8, samples: Self.samples)
        let adam7 = TestImages.png(
            width: width, height: height, colorType: TestImages.PNGColorType.rgb, bitDepth: 8, interlaced: true,
            samples: Self.samples)
        let request = Fixtures.request("p", width: 17, height: 13)
        let expected = try ImageDecoder().decode(plain, for: request)
        let image = try ImageDecoder().decode(adam7, for: request)
        #expect(image.width == 17 && image.height == 13)
        let worst = zip(image.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }
}
