import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

// Tests here wait for conditions, never for time: a regression would hang, so it fails instead.
@Suite("Pipeline: limits and priorities", .timeLimit(TimeBudget.minutes(1)))
struct PipelinePriorityTests {
    let png = TestImages.solidPNG(width: 16, height: 16, (1, 2, 3))

    /// A pipeline whose 6 download slots are taken by held downloads `busy0`…`busy5`.
    func saturated() async -> (MockImageLoader, ImagePipeline, [Task<DecodedImage, any Error>]) {
        let names = (0..<6).map { "busy\($0)" } + ["p0", "p1", "p2", "v"]
        let loader = MockImageLoader(
            responses: Dictionary(uniqueKeysWithValues: names.map { (Fixtures.url($0), png) }), holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader, downloads: 6)
        let busy = (0..<6).map { index in
            Task { try await pipeline.image(for: Fixtures.request("busy\(index)")) }
        }
        await loader.calls(atLeast: 6)
        return (loader, pipeline, busy)
    }

    @Test("at most 6 downloads run at once; a visible row overtakes queued prefetches")
    func visibleBeforePrefetch() async throws {
        let (loader, pipeline, busy) = await saturated()
        var prefetches: [Task<DecodedImage, any Error>] = []
        for name in ["p0", "p1", "p2"] {
            // One at a time, so their arrival order is known.
            prefetches.append(Task { try await pipeline.image(for: Fixtures.request(name, priority: .prefetch)) })
            let count = prefetches.count
            try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: count) }
        }
        let visible = Task { try await pipeline.image(for: Fixtures.request("v")) }
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 4) }
        #expect(loader.snapshot.calls.count == 6)

        loader.release(Fixtures.url("busy0"))
        try #require(await loader.calls(atLeast: 7))
        #expect(loader.snapshot.calls[6] == Fixtures.url("v"))
        // Then the prefetches, in arrival order, one freed slot at a time.
        for (index, name) in ["p0", "p1", "p2"].enumerated() {
            loader.release(Fixtures.url("busy\(index + 1)"))
            try #require(await loader.calls(atLeast: 8 + index))
            #expect(loader.snapshot.calls[7 + index] == Fixtures.url(name))
        }
        loader.releaseAll()
        _ = try await visible.value(within: .seconds(20))
        for task in busy + prefetches { _ = try await task.value(within: .seconds(20)) }
    }

    @Test("a visible request joining a queued prefetch raises it ahead of other prefetches")
    func joiningRaisesPriority() async throws {
        let (loader, pipeline, busy) = await saturated()
        let p0 = Task { try await pipeline.image(for: Fixtures.request("p0", priority: .prefetch)) }
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 1) }
        let p1 = Task { try await pipeline.image(for: Fixtures.request("p1", priority: .prefetch)) }
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 2) }
        let visible = Task { try await pipeline.image(for: Fixtures.request("p1")) }
        try await pipeline.metrics { $0.coalescedRequests >= 1 }

        loader.release(Fixtures.url("busy0"))
        try #require(await loader.calls(atLeast: 7))
        #expect(loader.snapshot.calls[6] == Fixtures.url("p1"))
        loader.releaseAll()
        #expect(try await visible.value(within: .seconds(20)).request == Fixtures.request("p1"))
        for task in busy + [p0, p1] { _ = try await task.value(within: .seconds(20)) }
    }

    @Test("a queued request whose waiters all left is dropped from the queue")
    func abandonedQueuedRequest() async throws {
        let (loader, pipeline, busy) = await saturated()
        let abandoned = Task { try await pipeline.image(for: Fixtures.request("p0", priority: .prefetch)) }
        try await withTimeout(.seconds(20)) { await pipeline.downloadGate.queued(atLeast: 1) }
        abandoned.cancel()
        await #expect(throws: CancellationError.self) { try await abandoned.value(within: .seconds(20)) }
        // The decode may be between its hop to the pipeline and its wait on the download when
        // the cancellation lands; it then leaves the download as soon as it reaches that wait,
        // a moment later, on its own thread. Before any slot frees up, the queue is empty.
        let giveUp = ContinuousClock.now + TimeBudget.standardWait * TimeBudget.scale
        while pipeline.downloadGate.queuedCount > 0, ContinuousClock.now < giveUp { await Task.yield() }
        #expect(pipeline.downloadGate.queuedCount == 0)

        loader.releaseAll()
        for task in busy { _ = try await task.value(within: .seconds(20)) }
        await pipeline.idle()
        #expect(loader.snapshot.callCount(for: Fixtures.url("p0")) == 0)
        #expect(await pipeline.tasksInFlight == (0, 0))
    }

    @Test("the default limits: 6 downloads, one decode per core")
    func defaults() {
        let configuration = ImagePipeline.Configuration(dataLoader: MockImageLoader(), diskCache: nil)
        #expect(configuration.maximumConcurrentDownloads == 6)
        #expect(configuration.maximumConcurrentDecodes == ProcessInfo.processInfo.activeProcessorCount)
        let pipeline = ImagePipeline(configuration: configuration)
        #expect(pipeline.downloadGate.limit == 6)
        #expect(pipeline.decodeGate.limit == ProcessInfo.processInfo.activeProcessorCount)
    }
}
