import Foundation
import Testing

@testable import EndlessImages

@Suite("Memory cache")
struct MemoryCacheTests {
    func image(_ name: String, side: Int = 2) -> DecodedImage {
        DecodedImage(
            width: side, height: side, pixels: [UInt8](repeating: 9, count: side * side * 4),
            request: Fixtures.request(name, width: side, height: side))
    }

    @Test("the count limit evicts the least recently used first")
    func evictionByCount() {
        let cache = ImageMemoryCache(costLimit: 1 << 20, countLimit: 3)
        for name in ["a", "b", "c"] { cache.store(image(name)) }
        #expect(cache.image(for: image("a").request) != nil)  // a is now the most recent
        cache.store(image("d"))
        #expect(cache.count == 3)
        #expect(cache.image(for: image("b").request) == nil)
        for name in ["a", "c", "d"] { #expect(cache.image(for: image(name).request) != nil) }
    }

    @Test("the cost limit evicts as many old images as it takes")
    func evictionByCost() {
        // 2x2 images cost 16 bytes; 4x4 cost 64.
        let cache = ImageMemoryCache(costLimit: 64, countLimit: 100)
        for name in ["a", "b", "c", "d"] { cache.store(image(name)) }
        #expect(cache.totalCost == 64)
        _ = cache.image(for: image("a").request)
        cache.store(image("big", side: 3))  // 36 bytes: b and c must go (d, a stay: 32 + 36 > 64 → d too)
        #expect(cache.image(for: image("b").request) == nil)
        #expect(cache.image(for: image("c").request) == nil)
        #expect(cache.image(for: image("d").request) == nil)
        #expect(cache.image(for: image("a").request) != nil)
        #expect(cache.totalCost == 16 + 36)
    }

    @Test("an image costlier than the whole limit is not kept, and flushes nothing")
    func oversized() {
        let cache = ImageMemoryCache(costLimit: 20, countLimit: 10)
        cache.store(image("small"))
        cache.store(image("huge", side: 10))
        #expect(cache.count == 1)
        #expect(cache.image(for: image("small").request) != nil)
    }

    @Test("lookups ignore priority and answer with the caller's request")
    func keyIgnoresPriority() {
        let cache = ImageMemoryCache()
        cache.store(image("a"))
        var request = image("a").request
        request.priority = .prefetch
        #expect(cache.image(for: request)?.request == request)
        request.contentMode = .fit
        #expect(cache.image(for: request) == nil)
    }

    @Test("defaults follow Nuke: a share of RAM capped at 512 MiB, 1000 images")
    func defaults() {
        let physical = Int(ProcessInfo.processInfo.physicalMemory)
        #expect(ImageMemoryCache.defaultCostLimit <= 512 * 1024 * 1024)
        #expect(ImageMemoryCache.defaultCostLimit == min(physical / 5, 512 * 1024 * 1024) || physical <= 512 * 1024 * 1024)
        #expect(ImageMemoryCache.defaultCountLimit == 1000)
    }

    @Test("the pipeline's synchronous lookup finds a loaded image and counts the hit")
    func synchronousLookup() async throws {
        let loader = MockImageLoader(responses: [Fixtures.url("a"): TestImages.solidPNG(width: 8, height: 8, (1, 2, 3))])
        let pipeline = Fixtures.pipeline(loader)
        let request = Fixtures.request("a", width: 4, height: 4)
        #expect(pipeline.cachedImage(for: request) == nil)
        let loaded = try await pipeline.image(for: request)
        let cached = try #require(pipeline.cachedImage(for: request))
        #expect(cached == loaded)
        #expect(pipeline.metrics.memoryHits == 1)
        _ = try await pipeline.image(for: request)
        #expect(pipeline.metrics.memoryHits == 2)
        #expect(loader.snapshot.calls.count == 1)
    }
}
