import EndlessTesting
import Foundation
import Testing

@testable import EndlessImages

// Tests here wait for conditions, never for time: a regression would hang, so it fails instead.
@Suite("Pipeline: coalescing and cancellation", .timeLimit(TimeBudget.minutes(1)))
struct PipelineCoalescingTests {
    let url = Fixtures.url("a")
    let png = TestImages.solidPNG(width: 64, height: 64, (30, 60, 90))

    @Test("100 concurrent requests for the same image: one download, one decode")
    func hundredRequests() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let request = Fixtures.request("a")
        let images = try await withThrowingTaskGroup(of: DecodedImage.self) { group in
            for _ in 0..<100 { group.addTask { try await pipeline.image(for: request) } }
            // Every request is waiting on the one download before it is let through.
            try await pipeline.metrics { $0.coalescedRequests >= 99 }
            await loader.calls(atLeast: 1)
            loader.releaseAll()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 100)
        #expect(Set(images).count == 1)
        #expect(images.allSatisfy { $0.request == request && $0.size == request.targetSize })
        #expect(loader.snapshot.calls == [url])
        let metrics = pipeline.metrics
        #expect(metrics.downloads == 1)
        #expect(metrics.decodes == 1)
        #expect(metrics.coalescedRequests == 99)
        #expect(metrics.bytesDownloaded == png.count)
        #expect(await pipeline.tasksInFlight == (0, 0))
    }

    @Test("the same URL at three sizes: one download, three decodes")
    func differentSizes() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let requests = [16, 32, 48].map { Fixtures.request("a", width: $0, height: $0) }
        let images = try await withThrowingTaskGroup(of: DecodedImage.self) { group in
            for request in requests { group.addTask { try await pipeline.image(for: request) } }
            try await pipeline.metrics { $0.coalescedRequests >= 2 }
            loader.releaseAll()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(images.map(\.width)) == [16, 32, 48])
        #expect(loader.snapshot.calls.count == 1)
        #expect(pipeline.metrics.decodes == 3)
    }

    @Test("cancelling one waiter leaves the others and the download alone")
    func cancelOneWaiter() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let request = Fixtures.request("a")
        let first = Task { try await pipeline.image(for: request) }
        let second = Task { try await pipeline.image(for: request) }
        try await pipeline.metrics { $0.coalescedRequests >= 1 }
        await loader.calls(atLeast: 1)

        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value(within: .seconds(20)) }
        #expect(loader.snapshot.cancellations.isEmpty)
        loader.releaseAll()
        let image = try await second.value(within: .seconds(20))
        #expect(image.request == request)
        #expect(pipeline.metrics.cancellations == 1)
        #expect(pipeline.metrics.downloads == 1)
    }

    @Test("when every waiter leaves, the download is cancelled inside the loader")
    func cancelAllWaiters() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let request = Fixtures.request("a")
        let first = Task { try await pipeline.image(for: request) }
        let second = Task { try await pipeline.image(for: request) }
        try await pipeline.metrics { $0.coalescedRequests >= 1 }
        await loader.calls(atLeast: 1)

        first.cancel()
        second.cancel()
        await loader.wait { $0.cancellations == [self.url] }
        await #expect(throws: CancellationError.self) { try await first.value(within: .seconds(20)) }
        await #expect(throws: CancellationError.self) { try await second.value(within: .seconds(20)) }
        #expect(pipeline.metrics.cancellations == 2)
        #expect(pipeline.metrics.downloads == 0)
        #expect(pipeline.cachedImage(for: request) == nil)

        // Nothing stale is left behind: the next request starts afresh.
        loader.releaseAll()
        _ = try await pipeline.image(for: request)
        #expect(loader.snapshot.calls == [url, url])
    }

    @Test("cancelling the only waiter of one size keeps the download for another size")
    func cancelOneSize() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let small = Task { try await pipeline.image(for: Fixtures.request("a", width: 16, height: 16)) }
        let large = Task { try await pipeline.image(for: Fixtures.request("a", width: 32, height: 32)) }
        try await pipeline.metrics { $0.coalescedRequests >= 1 }
        await loader.calls(atLeast: 1)

        small.cancel()
        await #expect(throws: CancellationError.self) { try await small.value(within: .seconds(20)) }
        loader.releaseAll()
        #expect(try await large.value(within: .seconds(20)).width == 32)
        #expect(loader.snapshot.cancellations.isEmpty)
        #expect(pipeline.metrics.decodes == 1)
    }

    @Test("a request from an already cancelled task ends at once and starts nothing it keeps")
    func alreadyCancelled() async throws {
        let loader = MockImageLoader(responses: [url: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await pipeline.image(for: Fixtures.request("a"))
        }
        await #expect(throws: CancellationError.self) { try await task.value(within: .seconds(20)) }
        #expect(pipeline.metrics.cancellations == 1)
    }

    @Test("every image is tagged with its own caller's request, whatever order results arrive in")
    func tagging() async throws {
        let other = Fixtures.url("b")
        let loader = MockImageLoader(responses: [url: png, other: png], holdsCalls: true)
        let pipeline = Fixtures.pipeline(loader)
        let requestA = Fixtures.request("a")
        let requestB = Fixtures.request("b")
        let prefetchA = Fixtures.request("a", priority: .prefetch)
        let a = Task { try await pipeline.image(for: requestA) }
        let b = Task { try await pipeline.image(for: requestB) }
        let a2 = Task { try await pipeline.image(for: prefetchA) }
        await loader.calls(atLeast: 2)
        try await pipeline.metrics { $0.coalescedRequests >= 1 }
        loader.release(other)
        #expect(try await b.value(within: .seconds(20)).request == requestB)
        loader.release(url)
        #expect(try await a.value(within: .seconds(20)).request == requestA)
        #expect(try await a2.value(within: .seconds(20)).request == prefetchA)
        // Same pixels as the prefetch, but answering the visible request.
        #expect(pipeline.cachedImage(for: requestA)?.request == requestA)
    }

    @Test("loader errors reach every waiter unchanged and are not cached")
    func loaderError() async throws {
        let loader = MockImageLoader()
        let pipeline = Fixtures.pipeline(loader)
        let request = Fixtures.request("missing")
        await #expect(throws: MockImageLoader.MissingResponse(url: request.url)) {
            try await pipeline.image(for: request)
        }
        await #expect(throws: MockImageLoader.MissingResponse(url: request.url)) {
            try await pipeline.image(for: request)
        }
        #expect(loader.snapshot.calls.count == 2)
        #expect(pipeline.metrics.failures == 2)
    }

    @Test("bytes that do not decode fail with a typed error and are dropped from the disk cache")
    func undecodableBytes() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = ImageDiskCache(directory: directory)
        let html = Data("<html>503 Service Unavailable</html>".utf8)
        let loader = MockImageLoader(responses: [url: html])
        let pipeline = Fixtures.pipeline(loader, disk: disk)
        await #expect(throws: ImageError.unsupportedFormat(leadingBytes: "3c68746d6c3e3530")) {
            try await pipeline.image(for: Fixtures.request("a"))
        }
        #expect(disk.data(for: url) == nil)
        loader.setResponse(png, for: url)
        #expect(try await pipeline.image(for: Fixtures.request("a")).width == 48)
    }

    @Test("an empty target size is refused before anything is loaded")
    func invalidRequest() async {
        let loader = MockImageLoader(responses: [url: png])
        let pipeline = Fixtures.pipeline(loader)
        await #expect(throws: ImageError.invalidTargetSize(PixelSize(width: 10, height: 0))) {
            try await pipeline.image(for: Fixtures.request("a", width: 10, height: 0))
        }
        #expect(loader.snapshot.calls.isEmpty)
    }

    @Test("metrics count decode time and describe themselves")
    func metrics() async throws {
        let loader = MockImageLoader(responses: [url: png])
        let pipeline = Fixtures.pipeline(loader)
        _ = try await pipeline.image(for: Fixtures.request("a"))
        _ = try await pipeline.image(for: Fixtures.request("a"))
        let metrics = pipeline.metrics
        #expect(metrics.decodes == 1)
        #expect(metrics.totalDecodeTime > .zero)
        #expect(metrics.averageDecodeTime == metrics.totalDecodeTime)
        #expect(metrics.memoryHits == 1 && metrics.misses == 1)
        #expect(metrics.hitRate == 0.5)
        #expect(metrics.description.contains("downloads=1"))
    }
}
