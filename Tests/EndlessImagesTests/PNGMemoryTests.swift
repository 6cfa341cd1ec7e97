import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

/// A small PNG with a huge canvas must cost what the target needs, not what the source is:
/// a 190 KB 7000×7000 file once took 196 MB to decode for a 64×64 thumbnail. The test uses
/// 2500×2500 (24 MB of RGBA at full size) to stay quick in debug builds; the cost of the
/// row-by-row decode does not grow with the canvas.
///
/// Peak memory is measured in a process of its own (``ChildTestProcess``): the parent writes
/// the file, the child decodes it and reports how far its resident memory rose.
@Suite("PNG decoding memory", .timeLimit(TimeBudget.minutes(2)))
struct PNGMemoryTests {
    static let role = "png-memory"
    static let side = 2500
    static let pathVariable = "ENDLESS_PNG_MEMORY_FILE"

    /// Red grows left to right, green top to bottom, blue is 96. Green takes 256 values, so
    /// the 256 distinct rows are made once (writing a row must be cheap: Adam7 asks for each
    /// row seven times).
    static let gradientRows: [[UInt8]] = (0..<256).map { green in
        var bytes = [UInt8](repeating: 96, count: side * 3)
        for x in 0..<side {
            bytes[x * 3] = UInt8(x * 255 / (side - 1))
            bytes[x * 3 + 1] = UInt8(green)
        }
        return bytes
    }

    static func gradientRow(_ y: Int) -> [UInt8] {
        gradientRows[y * 255 / (side - 1)]
    }

    @Test("a 2500×2500 PNG decoded to 64×64 costs under 8 MB, not its 24 MB canvas", arguments: [false, true])
    func hugeCanvas(interlaced: Bool) throws {
        let folder = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("huge.png")
        try TestImages.writeLargePNG(
            to: file, width: Self.side, height: Self.side, interlaced: interlaced, row: Self.gradientRow)
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(bytes < 2_000_000)  // small on disk: the danger is the canvas

        let outcome = try ChildTestProcess.run(
            filter: "PNGMemoryTests/child", role: Self.role, environment: [Self.pathVariable: file.path])
        #expect(outcome.status == 0, "child failed:\n\(outcome.output)")
        let peak = try #require(outcome.figures["peakGrowthKiB"], "the child did not run:\n\(outcome.output)")
        // The picture is right: red grows left to right, green top to bottom.
        #expect(outcome.figures["corners"] == 1, "\(outcome.output)")
        guard !ProcessMemory.isUnderThreadSanitizer else { return }  // shadow memory, not ours
        // Full-size RGBA alone would be 24 MB (24,414 KiB); a row and the thumbnail are 26 KiB.
        #expect(peak < 8 * 1024, "decoding grew the process by \(peak / 1024) MiB")
    }

    @Test("child: decode the file", .enabled(if: ChildTestProcess.role == role))
    func child() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.pathVariable])
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let request = Fixtures.request("huge", width: 64, height: 64)
        // A first decode of something small sets up what is set up once.
        _ = try ImageDecoder().decode(TestImages.solidPNG(width: 8, height: 8, (1, 2, 3)), for: request)
        let baseline = ProcessMemory.residentKiB
        ProcessMemory.resetPeak()
        let image = try ImageDecoder().decode(data, for: request)
        let peak = ProcessMemory.peakResidentKiB - baseline
        let topLeft = image.pixel(x: 0, y: 0)
        let bottomRight = image.pixel(x: 63, y: 63)
        let corners =
            image.width == 64 && image.height == 64 && topLeft.red < 8 && topLeft.green < 8
            && bottomRight.red > 247 && bottomRight.green > 247 && topLeft.blue == 96
        try ChildTestProcess.report(["peakGrowthKiB": peak, "corners": corners ? 1 : 0])
    }
}
