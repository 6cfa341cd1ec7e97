import Foundation
import Testing

@testable import EndlessSimulator

@Suite("The seeded body cache")
struct SeededBodyCacheTests {
    static let base = GeneratorFixtures.portraitBase

    static func generator(cache: SeededBodyCache? = SeededBodyCache()) throws -> RandomUserGenerator {
        RandomUserGenerator(data: try GeneratorFixtures.officialData.get(), bodyCache: cache)
    }

    @Test("a seeded page asked for again is served from the cache, byte for byte what generation gives")
    func sameBytes() throws {
        let cache = SeededBodyCache()
        let cached = try Self.generator(cache: cache)
        let plain = try Self.generator(cache: nil)
        let query = "seed=cache&results=20&page=3"
        let first = try cached.respond(toQuery: query, now: GeneratorFixtures.now, portraitBaseURL: Self.base)
        let second = try cached.respond(toQuery: query, now: GeneratorFixtures.now, portraitBaseURL: Self.base)
        let generated = try plain.respond(toQuery: query, now: GeneratorFixtures.now, portraitBaseURL: Self.base)
        #expect(second.body == generated.body)
        #expect(first.body == generated.body)
        #expect(second.userCount == 20 && second.contentType == generated.contentType)
        let statistics = cache.statistics
        #expect(statistics.hits == 1 && statistics.misses == 1 && statistics.entries == 1)
        #expect(statistics.bytes >= generated.body.count)
    }

    @Test("the key is the normalised query: other spellings of a page share its entry, other pages do not")
    func normalisedKey() throws {
        let cache = SeededBodyCache()
        let generator = try Self.generator(cache: cache)
        let now = GeneratorFixtures.now
        _ = try generator.respond(toQuery: "seed=a&results=5", now: now, portraitBaseURL: Self.base)
        _ = try generator.respond(toQuery: "results=5&foo=bar&seed=a", now: now, portraitBaseURL: Self.base)
        _ = try generator.respond(toQuery: "results=5.0&seed=a&page=1", now: now, portraitBaseURL: Self.base)
        #expect(cache.statistics.hits == 2)
        _ = try generator.respond(toQuery: "seed=a&results=5&page=2", now: now, portraitBaseURL: Self.base)
        _ = try generator.respond(toQuery: "seed=a&results=5&fmt=csv", now: now, portraitBaseURL: Self.base)
        _ = try generator.respond(toQuery: "seed=a&results=5", now: now, portraitBaseURL: "http://other/api/portraits/")
        #expect(cache.statistics.hits == 2 && cache.statistics.entries == 4)
    }

    @Test("unseeded requests are never stored, and cachedResponse never generates")
    func unseeded() throws {
        let cache = SeededBodyCache()
        let generator = try Self.generator(cache: cache)
        let now = GeneratorFixtures.now
        _ = try generator.respond(toQuery: "results=5", now: now, portraitBaseURL: Self.base)
        #expect(cache.statistics.entries == 0)
        #expect(generator.cachedResponse(toQuery: "results=5", now: now, portraitBaseURL: Self.base) == nil)
        #expect(generator.cachedResponse(toQuery: "seed=b&results=5", now: now, portraitBaseURL: Self.base) == nil)
        #expect(cache.statistics.entries == 0)
        let answered = try generator.respond(toQuery: "seed=b&results=5", now: now, portraitBaseURL: Self.base)
        let cached = generator.cachedResponse(toQuery: "seed=b&results=5", now: now, portraitBaseURL: Self.base)
        #expect(cached?.body == answered.body)
        // A query the generator refuses is not cached either: the worker reports its error.
        #expect(generator.cachedResponse(toQuery: "seed=abcdefghijklmnopzz", now: now, portraitBaseURL: Self.base) == nil)
    }

    @Test("once a birthday has passed, the page is generated again: its ages are the clock's")
    func birthdays() throws {
        let cache = SeededBodyCache()
        let cached = try Self.generator(cache: cache)
        let plain = try Self.generator(cache: nil)
        let query = "seed=birthday&results=20"
        let early = GeneratorFixtures.now
        let late = early.addingTimeInterval(200 * 86_400)
        let before = try cached.respond(toQuery: query, now: early, portraitBaseURL: Self.base)
        let after = try cached.respond(toQuery: query, now: late, portraitBaseURL: Self.base)
        #expect(after.body == (try plain.respond(toQuery: query, now: late, portraitBaseURL: Self.base)).body)
        #expect(after.body != before.body)
        #expect(cache.statistics.stale == 1 && cache.statistics.hits == 0)
        // A moment later no age has moved: the fresh entry is served.
        let moment = try cached.respond(toQuery: query, now: late.addingTimeInterval(1), portraitBaseURL: Self.base)
        #expect(moment.body == after.body && cache.statistics.hits == 1)
    }

    @Test("without dates in the page, the clock does not matter")
    func noDates() throws {
        let cache = SeededBodyCache()
        let generator = try Self.generator(cache: cache)
        let query = "seed=nodates&results=20&exc=dob,registered"
        _ = try generator.respond(toQuery: query, now: GeneratorFixtures.now, portraitBaseURL: Self.base)
        _ = try generator.respond(
            toQuery: query, now: GeneratorFixtures.now.addingTimeInterval(3 * 365 * 86_400), portraitBaseURL: Self.base)
        #expect(cache.statistics.hits == 1)
    }

    @Test("the budget bounds what is kept, the least recently used page going first; large bodies are not kept")
    func bounded() throws {
        let cache = SeededBodyCache(budgetBytes: 100_000, maxBodyBytes: 50_000)
        let generator = try Self.generator(cache: cache)
        let now = GeneratorFixtures.now
        func ask(_ page: Int, results: Int = 5) throws {
            _ = try generator.respond(toQuery: "seed=lru&results=\(results)&page=\(page)", now: now, portraitBaseURL: Self.base)
        }
        for page in 1...40 { try ask(page) }
        #expect(cache.statistics.bytes <= 100_000)
        let kept = cache.statistics.entries
        #expect(kept > 5 && kept < 40)
        try ask(40)
        #expect(cache.statistics.hits == 1)
        try ask(1)
        #expect(cache.statistics.hits == 1, "the first page was the least recently used")
        try ask(1, results: 100)  // about 110 KB: more than the largest body kept
        try ask(1, results: 100)
        #expect(cache.statistics.hits == 1)
    }
}
