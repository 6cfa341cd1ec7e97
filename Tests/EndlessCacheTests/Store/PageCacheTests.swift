import Foundation
import Testing

@testable import EndlessCache

@Suite("The page store: round trips, first pages, eviction, usage and clearing")
struct PageCacheTests {
    static let date = PageCacheFixtures.epoch

    static func address(_ key: String, feed: String = "people", variant: String = "", size: Int = 20) -> PageAddress {
        PageAddress(feed: feed, variant: variant, key: key, loadSize: size)
    }

    /// A body of exactly `bytes` bytes, distinct per `tag`.
    static func body(_ tag: String, bytes: Int = 1000) -> Data {
        Data((tag + String(repeating: "x", count: max(0, bytes - tag.utf8.count))).utf8)
    }

    @Test("a stored page comes back byte for byte with its fetch time, under exactly its address")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        let body = Self.body("page 2")

        #expect(cache.store(body, itemCount: 20, at: Self.address("2"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 1 << 20))

        let page = try #require(cache.page(at: Self.address("2")))
        #expect(page.body == body)
        #expect(page.fetchedAt == Self.date)
        // Another feed, variant, key or size is another page.
        #expect(cache.page(at: Self.address("2", feed: "users")) == nil)
        #expect(cache.page(at: Self.address("2", variant: "nat=nl")) == nil)
        #expect(cache.page(at: Self.address("3")) == nil)
        #expect(cache.page(at: Self.address("2", size: 50)) == nil)
        #expect(cache.availability == .available)
    }

    @Test("writing a page again replaces it; a refresh's page is recorded as the first page for its request")
    func firstPages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        let seedA = #"{"page":1,"seed":"a"}"#
        let seedB = #"{"page":1,"seed":"b"}"#

        cache.store(Self.body("a1"), itemCount: 20, at: Self.address(seedA), firstPageOf: "null", fetchedAt: Self.date, sizeLimit: 1 << 20)
        #expect(cache.firstPage(requestedAs: Self.address("null"))?.body == Self.body("a1"))

        // The next refresh drew another seed: the first page is now that one; seed a stays.
        cache.store(
            Self.body("b1"), itemCount: 20, at: Self.address(seedB), firstPageOf: "null", fetchedAt: Self.date + 60,
            sizeLimit: 1 << 20)
        #expect(cache.firstPage(requestedAs: Self.address("null"))?.body == Self.body("b1"))
        #expect(cache.firstPage(requestedAs: Self.address("null"))?.fetchedAt == Self.date + 60)
        #expect(cache.page(at: Self.address(seedA))?.body == Self.body("a1"))

        // The same page again: replaced in place, and counted once.
        cache.store(Self.body("b1 again"), itemCount: 20, at: Self.address(seedB), firstPageOf: nil, fetchedAt: Self.date + 120, sizeLimit: 1 << 20)
        #expect(cache.firstPage(requestedAs: Self.address("null"))?.body == Self.body("b1 again"))
        #expect(try cache.usage().map(\.pages) == [2])
    }

    @Test("over its limit, a feed loses its least recently used pages; reads count as use; other feeds keep theirs")
    func leastRecentlyUsedEviction() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        // Room for three pages of about 1,100 bytes each.
        let limit = 3 * (1000 + 1 + PageCache.rowOverhead) + 50
        cache.store(Self.body("u"), itemCount: 6, at: Self.address("0", feed: "users"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: limit)
        for page in 0..<3 {
            cache.store(Self.body("p\(page)"), itemCount: 20, at: Self.address("\(page)"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: limit)
        }
        // Page 0 is read, so page 1 is now the least recently used.
        #expect(cache.page(at: Self.address("0")) != nil)

        cache.store(Self.body("p3"), itemCount: 20, at: Self.address("3"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: limit)

        #expect(cache.page(at: Self.address("1")) == nil)
        for kept in ["0", "2", "3"] { #expect(cache.page(at: Self.address(kept)) != nil, "page \(kept) was evicted") }
        #expect(cache.page(at: Self.address("0", feed: "users")) != nil)
        let people = try #require(try cache.usage().first { $0.feed == "people" })
        #expect(people.pages == 3 && people.items == 60 && people.bytes <= limit)
    }

    @Test("a page larger than the whole limit is kept, alone")
    func oversizedPage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        cache.store(Self.body("small"), itemCount: 1, at: Self.address("0"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 5000)

        cache.store(Self.body("huge", bytes: 9000), itemCount: 1, at: Self.address("1"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 5000)

        #expect(cache.page(at: Self.address("0")) == nil)
        #expect(cache.page(at: Self.address("1"))?.body.count == 9000)
    }

    @Test("evicting a first page forgets that it was the first page")
    func evictedFirstPage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        let limit = 1000 + 1 + PageCache.rowOverhead + 50
        cache.store(Self.body("first"), itemCount: 20, at: Self.address("0"), firstPageOf: "null", fetchedAt: Self.date, sizeLimit: limit)

        cache.store(Self.body("next"), itemCount: 20, at: Self.address("1"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: limit)

        #expect(cache.firstPage(requestedAs: Self.address("null")) == nil)
        #expect(cache.page(at: Self.address("1")) != nil)
    }

    @Test("usage lists each feed's pages, items, bytes and fetch times over all its variants")
    func usage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        cache.store(Self.body("a"), itemCount: 20, at: Self.address("1"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 1 << 20)
        cache.store(
            Self.body("b", bytes: 500), itemCount: 10, at: Self.address("1", variant: "nat=nl"), firstPageOf: nil,
            fetchedAt: Self.date + 3600, sizeLimit: 1 << 20)
        cache.store(Self.body("c"), itemCount: 6, at: Self.address("1", feed: "users"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 1 << 20)

        let usage = try cache.usage()

        #expect(usage.map(\.feed) == ["people", "users"])
        let people = try #require(usage.first)
        #expect(people.pages == 2 && people.items == 30)
        #expect(people.bytes == 1000 + 500 + 1 + 1 + "nat=nl".utf8.count + 2 * PageCache.rowOverhead)
        #expect(people.oldestFetch == Self.date && people.newestFetch == Self.date + 3600)
    }

    @Test("clearing one feed leaves the others; clearing all empties the cache and shrinks the file")
    func clearing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        for page in 0..<200 {
            cache.store(
                Self.body("p\(page)", bytes: 4000), itemCount: 20, at: Self.address("\(page)"),
                firstPageOf: page == 0 ? "null" : nil, fetchedAt: Self.date, sizeLimit: 1 << 24)
        }
        cache.store(Self.body("u"), itemCount: 6, at: Self.address("1", feed: "users"), firstPageOf: nil, fetchedAt: Self.date, sizeLimit: 1 << 24)
        let fullSize = cache.fileSize

        #expect(try cache.clear(feed: "people") == 200)

        #expect(try cache.usage().map(\.feed) == ["users"])
        #expect(cache.firstPage(requestedAs: Self.address("null")) == nil)
        #expect(cache.fileSize < fullSize / 4, "the file kept \(cache.fileSize) of \(fullSize) bytes")
        #expect(try cache.clear(feed: "people") == 0)
        #expect(try cache.clearAll() == 1)
        #expect(try cache.usage().isEmpty)
    }

    @Test("listing or clearing a cache that was never created creates nothing")
    func managementCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCache(directory: directory.url.appendingPathComponent("endless"))

        #expect(try cache.usage().isEmpty)
        #expect(try cache.clearAll() == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("endless").path))
    }

    @Test("the cache lives in $XDG_CACHE_HOME/endless, else ~/.cache/endless")
    func defaultDirectory() {
        #expect(PageCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/ada"]).path == "/x/cache/endless")
        #expect(PageCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/ada"]).path == "/home/ada/.cache/endless")
        #expect(PageCache.defaultDirectory(environment: ["HOME": "/home/ada"]).path == "/home/ada/.cache/endless")
        #expect(PageCache(directory: URL(fileURLWithPath: "/x")).fileURL.path == "/x/pages.sqlite")
    }
}
