import Foundation
import Testing

@testable import EndlessCache

/// Starred items in the page cache's file (`favourites`, schema 4, its ids indexed in 5): per
/// feed, kept as sent, surviving a reopen and a clear of the pages, bounded.
@Suite("Favourites in the page cache")
struct FavouritesTests {
    static let date = PageCacheFixtures.epoch

    @Test("star, unstar, per feed, in the order starred, the item's JSON kept as given")
    func starAndUnstar() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        #expect(cache.star(id: "bitcoin", json: Data(#"{"id":"bitcoin","current_price":1.50}"#.utf8), feed: "coins", at: Self.date))
        #expect(cache.star(id: "ethereum", json: Data(#"{"id":"ethereum"}"#.utf8), feed: "coins", at: Self.date.addingTimeInterval(1)))
        #expect(cache.star(id: "7", json: Data("{}".utf8), feed: "users", at: Self.date))
        #expect(cache.isStarred(id: "bitcoin", feed: "coins") && !cache.isStarred(id: "bitcoin", feed: "users"))
        let coins = cache.starred(feed: "coins")
        #expect(coins.map(\.id) == ["bitcoin", "ethereum"])
        #expect(coins.first?.json == Data(#"{"id":"bitcoin","current_price":1.50}"#.utf8))
        #expect(try cache.starredCounts() == ["coins": 2, "users": 1])

        #expect(cache.unstar(id: "bitcoin", feed: "coins"))
        #expect(!cache.unstar(id: "bitcoin", feed: "coins"))
        #expect(cache.starred(feed: "coins").map(\.id) == ["ethereum"])
    }

    @Test("starred items survive a reopen and a clear of the pages")
    func survive() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = PageCacheFixtures.cache(in: directory)
        #expect(first.star(id: "a", json: Data("{}".utf8), feed: "photos", at: Self.date))
        first.close()
        let second = PageCacheFixtures.cache(in: directory)
        defer { second.close() }
        #expect(second.starred(feed: "photos").map(\.id) == ["a"])
        try second.clearAll()
        #expect(second.isStarred(id: "a", feed: "photos"))
    }

    @Test("bounded: an item too large is refused, and so is one past the most a feed keeps")
    func bounded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        #expect(!cache.star(id: "big", json: Data(count: PageCache.maximumStarredItemBytes + 1), feed: "photos"))
        for index in 0..<PageCache.maximumStarred {
            #expect(cache.star(id: "\(index)", json: Data("{}".utf8), feed: "people"))
        }
        #expect(!cache.star(id: "one more", json: Data("{}".utf8), feed: "people"))
        // Starring one already starred again is not one more.
        #expect(cache.star(id: "0", json: Data("{\"v\":2}".utf8), feed: "people"))
    }

    @Test("counting a feed's stars before a new one reads the index of ids, not the rows with each item's JSON")
    func countReadsTheIndex() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        #expect(cache.star(id: "a", json: Data(count: 2_000), feed: "people", at: Self.date))
        let plan = cache.use { database, _ in
            try database.prepare("EXPLAIN QUERY PLAN " + PageCache.countOthersStarred).rows([.text("people"), .text("b")]) {
                $0.text(3) ?? ""
            }
        }
        let steps = try #require(try plan.get())
        #expect(steps.count == 1)
        #expect(steps.first?.contains("COVERING INDEX favourites_ids") == true, "\(steps)")
    }

    @Test("a cache never created counts none, and is not created by asking")
    func neverCreated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        #expect(try cache.starredCounts().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL.path))
    }
}
