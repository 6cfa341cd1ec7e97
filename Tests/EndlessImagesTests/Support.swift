import EndlessTesting
import Foundation

@testable import EndlessImages

/// Helpers shared by the suites.
enum Fixtures {
    static func url(_ name: String) -> URL {
        URL(string: "https://images.example/\(name)")!
    }

    static func request(
        _ name: String, width: Int = 48, height: Int = 48, mode: ContentMode = .fill,
        priority: ImagePriority = .visible
    ) -> ImageRequest {
        ImageRequest(
            url: url(name), targetSize: PixelSize(width: width, height: height), contentMode: mode,
            priority: priority)
    }

    /// A fresh, empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("endless-images-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A pipeline over `loader` with a private memory cache and, if given, a disk directory.
    static func pipeline(
        _ loader: MockImageLoader, disk: ImageDiskCache? = nil, memory: ImageMemoryCache? = ImageMemoryCache(),
        downloads: Int = 6, decodes: Int = 2
    ) -> ImagePipeline {
        ImagePipeline(
            configuration: .init(
                dataLoader: loader, memoryCache: memory, diskCache: disk,
                maximumConcurrentDownloads: downloads, maximumConcurrentDecodes: decodes))
    }
}

extension DecodedImage {
    /// The largest difference of any channel of any pixel from `expected(x, y)`.
    func maximumError(_ expected: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Int {
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let actual = pixel(x: x, y: y)
                let wanted = expected(x, y)
                worst = max(
                    worst, abs(Int(actual.red) - Int(wanted.0)), abs(Int(actual.green) - Int(wanted.1)),
                    abs(Int(actual.blue) - Int(wanted.2)), abs(Int(actual.alpha) - Int(wanted.3)))
            }
        }
        return worst
    }
}

extension ImagePipeline {
    /// Suspends until the pipeline's counters satisfy `condition`, for at most 20 s (times
    /// ``TimeBudget/scale``): the recorder's own wait ignores cancellation, so a pipeline that
    /// never gets there (coalescing broken) would hold the test, and the run, for ever.
    func metrics(until condition: @escaping @Sendable (ImagePipelineMetrics) -> Bool) async throws {
        let recorder = recorder
        try await withTimeout(.seconds(20)) { await recorder.wait(until: condition) }
    }
}
