import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

@Suite("Pipeline: started downloads that finish", .timeLimit(TimeBudget.minutes(1)))
struct PipelineFinishingTests {
    let url = Fixtures.url("a")
    let png = TestImages.solidPNG(width: 32, height: 32, (200, 100, 50))

    @Test("a started download everyone left runs to its end, uncancelled, and fills the disk cache")
    func startedDownloadFinishes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("endless-finishing-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let disk = ImageDiskCache(directory: directory)
        let pipeline = ImagePipeline(
            configuration: .init(dataLoader: loader, diskCache: disk, finishesStartedDownloads: true))
        let request = Fixtures.request("a")
        let waiter = Task { try await pipeline.image(for: request) }
        await loader.calls(atLeast: 1)

        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value(within: .seconds(20)) }
        #expect(loader.snapshot.cancellations.isEmpty)
        loader.releaseAll()
        try await pipeline.metrics { $0.downloads == 1 }
        #expect(disk.data(for: url) == png)
        #expect(loader.snapshot.cancellations.isEmpty)
        // The next request for it is a disk hit, not a second download.
        _ = try await pipeline.image(for: Fixtures.request("a", width: 16, height: 16))
        #expect(loader.snapshot.calls == [url])
    }

    @Test("a queued download everyone left is still dropped without reaching the loader")
    func queuedDownloadIsDropped() async throws {
        let other = Fixtures.url("b")
        let loader = MockImageLoader(responses: [url: png, other: png], holdsCalls: true)
        let pipeline = ImagePipeline(
            configuration: .init(
                dataLoader: loader, diskCache: nil, maximumConcurrentDownloads: 1, finishesStartedDownloads: true))
        let first = Task { try await pipeline.image(for: Fixtures.request("a")) }
        await loader.calls(atLeast: 1)
        let queued = Task { try await pipeline.image(for: Fixtures.request("b")) }
        try await pipeline.metrics { $0.misses >= 2 }
        queued.cancel()
        await #expect(throws: CancellationError.self) { try await queued.value(within: .seconds(20)) }
        loader.releaseAll()
        _ = try await first.value(within: .seconds(20))
        #expect(loader.snapshot.calls == [url])
    }
}
