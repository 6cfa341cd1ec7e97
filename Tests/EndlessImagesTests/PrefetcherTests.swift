import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

// Tests here wait for conditions, never for time: a regression would hang, so it fails instead.
@Suite("Prefetcher", .timeLimit(TimeBudget.minutes(1)))
struct PrefetcherTests {
    let png = TestImages.solidPNG(width: 16, height: 16, (9, 8, 7))

    @Test("prefetching warms the memory and disk caches")
    func warmsCaches() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["r1", "r2", "r3"]
        let loader = MockImageLoader(responses: Dictionary(uniqueKeysWithValues: names.map { (Fixtures.url($0), png) }))
        let disk = ImageDiskCache(directory: directory)
        let pipeline = Fixtures.pipeline(loader, disk: disk)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let requests = names.map { Fixtures.request($0) }
        prefetcher.startPrefetching(with: requests)
        try await pipeline.metrics { $0.decodes == 3 }
        for request in requests {
            #expect(pipeline.cachedImage(for: request)?.request == request)
            #expect(disk.data(for: request.url) == png)
        }
        // Already cached: nothing more to do.
        prefetcher.startPrefetching(with: requests)
        #expect(loader.snapshot.calls.count == 3)
    }

    @Test("prefetches run at prefetch priority, behind visible rows")
    func lowPriority() async throws {
        let loader = MockImageLoader(
            responses: [Fixtures.url("busy"): png, Fixtures.url("later"): png, Fixtures.url("now"): png],
            holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader, downloads: 1)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let busy = Task { try await pipeline.image(for: Fixtures.request("busy")) }
        await loader.calls(atLeast: 1)
        prefetcher.startPrefetching(with: [Fixtures.request("later")])  // visible in the request, ignored
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 1) }
        let visible = Task { try await pipeline.image(for: Fixtures.request("now")) }
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 2) }
        loader.release(Fixtures.url("busy"))
        try #require(await loader.calls(atLeast: 2))
        #expect(loader.snapshot.calls[1] == Fixtures.url("now"))
        loader.releaseAll()
        _ = try await busy.value(within: .seconds(20))
        _ = try await visible.value(within: .seconds(20))
    }

    @Test("stopping a prefetch cancels its download in the loader")
    func stop() async throws {
        let loader = MockImageLoader(responses: [Fixtures.url("r"): png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        let request = Fixtures.request("r")
        prefetcher.startPrefetching(with: [request, request])
        #expect(prefetcher.activeCount == 1)
        await loader.calls(atLeast: 1)
        prefetcher.stopPrefetching(with: [request])
        #expect(prefetcher.activeCount == 0)
        await loader.wait { $0.cancellations == [request.url] }
        await pipeline.idle()
        #expect(pipeline.cachedImage(for: request) == nil)
    }

    @Test("stopping everything cancels every prefetch; a visible request for one survives")
    func stopAll() async throws {
        let names = ["a", "b"]
        let loader = MockImageLoader(
            responses: Dictionary(uniqueKeysWithValues: names.map { (Fixtures.url($0), png) }), holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let prefetcher = ImagePrefetcher(pipeline: pipeline)
        prefetcher.startPrefetching(with: names.map { Fixtures.request($0) })
        await loader.calls(atLeast: 2)
        let visible = Task { try await pipeline.image(for: Fixtures.request("a")) }
        try await pipeline.metrics { $0.coalescedRequests >= 1 }
        prefetcher.stopPrefetching()
        await loader.wait { $0.cancellations == [Fixtures.url("b")] }
        loader.releaseAll()
        #expect(try await visible.value(within: .seconds(20)).request == Fixtures.request("a"))
        #expect(prefetcher.activeCount == 0)
    }
}
