import Foundation
import Testing

@testable import EndlessCache

/// A page write measures its feed once and carries the total from write to write, instead of
/// measuring every page at every write (which made a long session's writes, and so its keys,
/// dearer page by page: issue 29); the total is measured again whenever anything else changed
/// the file.
@Suite("The page store's measured totals: measured once, trusted only while nothing else wrote")
struct MeasuredTotalsTests {
    static let date = PageCacheFixtures.epoch
    /// Room for three pages of `page(_:)`.
    static let limit = 3 * (1000 + 1 + PageCache.rowOverhead) + 50

    static func address(_ key: String) -> PageAddress {
        PageAddress(feed: "people", variant: "", key: key, loadSize: 20)
    }

    static func page(_ tag: String) -> Data {
        Data((tag + String(repeating: "x", count: 1000 - tag.utf8.count)).utf8)
    }

    static func store(_ key: String, in cache: PageCache, limit: Int = limit) {
        cache.store(page("p\(key)"), itemCount: 20, at: address(key), firstPageOf: nil, fetchedAt: date, sizeLimit: limit)
    }

    @Test("fifty writes measure the feed once; evictions keep it to its limit all the while")
    func measuredOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        for key in 0..<50 {
            Self.store("\(key)", in: cache)
            let people = try #require(try cache.usage().first { $0.feed == "people" })
            #expect(people.bytes <= Self.limit && people.pages == min(key + 1, 3))
        }
        #expect(cache.feedMeasurements.load(ordering: .relaxed) == 1)
        // The three most recently written are the ones kept.
        for key in 47..<50 { #expect(cache.page(at: Self.address("\(key)")) != nil) }
        #expect(cache.page(at: Self.address("46")) == nil)
    }

    @Test("pages another connection wrote meanwhile are measured before the next eviction")
    func anotherConnectionsWrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = PageCacheFixtures.cache(in: directory)
        let second = PageCacheFixtures.cache(in: directory)
        Self.store("0", in: first)
        Self.store("1", in: first)
        Self.store("2", in: second)
        Self.store("3", in: second)  // evicts page 0
        // First's own total says two pages; the file holds three, so this write must evict.
        Self.store("4", in: first)
        #expect(first.page(at: Self.address("1")) == nil)
        let people = try #require(try first.usage().first { $0.feed == "people" })
        #expect(people.pages == 3 && people.bytes <= Self.limit)
        #expect(first.feedMeasurements.load(ordering: .relaxed) == 2)
    }

    @Test("a page deleted on the same connection outside a write is not counted by the next write")
    func sameConnectionsOtherChanges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        for key in 0..<3 { Self.store("\(key)", in: cache) }
        let gone = try #require(cache.page(at: Self.address("0")))
        cache.removePage(gone.id)
        // Two pages and this one fit: a total still counting page 0 would evict page 1.
        Self.store("3", in: cache)
        for key in 1..<4 { #expect(cache.page(at: Self.address("\(key)")) != nil, "page \(key) was evicted") }
        #expect(cache.feedMeasurements.load(ordering: .relaxed) == 2)
    }
}
