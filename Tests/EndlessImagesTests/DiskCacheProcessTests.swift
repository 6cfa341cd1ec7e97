import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

/// Two processes running our disk cache over one directory at the same time.
///
/// The parent test starts this very test binary again (`/proc/self/exe`, the way `swift test`
/// runs it: `--testing-library swift-testing --filter …`) with an environment variable that
/// enables the child-only test below; both then hammer the directory with loads, stores and
/// sweeps under a tiny size limit, so entries are written, read and deleted under each other.
// Tests here wait for conditions, never for time: a regression would hang, so it fails instead.
@Suite("Disk cache shared by two processes", .timeLimit(TimeBudget.minutes(1)))
struct DiskCacheProcessTests {
    static let directoryVariable = "ENDLESS_IMAGES_SHARED_CACHE_DIR"
    static let reportVariable = "ENDLESS_IMAGES_SHARED_CACHE_REPORT"
    static let isChild = ProcessInfo.processInfo.environment[directoryVariable] != nil

    /// The same URLs, with the same distinct contents, in both processes.
    static let urls = (0..<24).map { Fixtures.url("shared\($0)") }

    static func color(_ index: Int) -> TestImages.RGB {
        (UInt8(index * 10), UInt8(255 - index * 10), UInt8(index * 3))
    }

    /// PNGs of a few KB each, so 24 of them overflow the 40 KB limit and sweeps keep running.
    static func content(_ index: Int) -> Data {
        TestImages.png(width: 40, height: 40, colorType: TestImages.PNGColorType.rgb, bitDepth: 8) { y in
            (0..<40).flatMap { x in
                let base = color(index)
                return [UInt16(base.red), UInt16(base.green), UInt16((Int(base.blue) + x * y) % 256)]
            }
        }
    }

    /// Loads random images through a pipeline without a memory cache, so every load reads
    /// the disk or the network, and checks that each one is the right picture.
    /// - Returns: how many loads were served from disk.
    static func hammer(directory: URL, rounds: Int, keepGoing: () -> Bool = { false }) async throws -> Int {
        let contents = Dictionary(uniqueKeysWithValues: urls.indices.map { (urls[$0], content($0)) })
        let loader = MockImageLoader(responses: contents)
        let disk = ImageDiskCache(directory: directory, sizeLimit: 40_000)
        let pipeline = Fixtures.pipeline(loader, disk: disk, memory: nil)
        var round = 0
        while round < rounds || keepGoing() {
            let index = Int.random(in: urls.indices)
            let request = ImageRequest(url: urls[index], targetSize: PixelSize(width: 4, height: 4))
            let image = try await pipeline.image(for: request)
            let expected = color(index)
            #expect(image.pixel(x: 0, y: 0).red == expected.red && image.pixel(x: 0, y: 0).green == expected.green)
            if let bytes = disk.data(for: urls[index]) { #expect(bytes == contents[urls[index]]) }
            if round % 16 == 0 { disk.sweep() }
            round += 1
        }
        return pipeline.metrics.diskHits
    }

    @Test("child half: hammers the shared directory", .enabled(if: isChild))
    func child() async throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = URL(fileURLWithPath: try #require(environment[Self.directoryVariable]))
        let diskHits = try await Self.hammer(directory: directory, rounds: 400)
        let report = try #require(environment[Self.reportVariable])
        try Data("\(diskHits)".utf8).write(to: URL(fileURLWithPath: report))
    }

    @Test("two processes share one cache directory safely", .enabled(if: !isChild))
    func twoProcesses() async throws {
        let root = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("images")
        let report = root.appendingPathComponent("child-report")

        let child = try Subprocess.start(
            Subprocess.executablePath(), ["--testing-library", "swift-testing", "--filter", "DiskCacheProcessTests/child"],
            environment: .inherited.setting([Self.directoryVariable: directory.path, Self.reportVariable: report.path]),
            standardError: .standardOutput)

        // Hammer for at least as long as the child runs, so the two really overlap.
        let diskHits = try await Self.hammer(directory: directory, rounds: 200) { child.isRunning }
        let status = try await child.wait()

        let childLog = child.standardOutput
        #expect(status == 0, "child failed:\n\(childLog)")
        let childHits = try String(contentsOf: report, encoding: .utf8)
        #expect(Int(childHits) != nil, "the child test did not run:\n\(childLog)")
        #expect(diskHits > 0)

        // What is left is intact entries only: no torn files, no stray temporaries.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.isEmpty)
        for name in names {
            #expect(ImageDiskCache.isEntryName(name), "unexpected file \(name)")
            let file = try Data(contentsOf: directory.appendingPathComponent(name))
            #expect(DiskCacheEntry.decode(file) != nil, "damaged entry \(name)")
        }
        #expect(ImageDiskCache(directory: directory, sizeLimit: 40_000).totalSize <= 40_000 + 6000)
    }
}
