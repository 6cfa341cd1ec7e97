import Foundation
import Testing

@testable import EndlessCache

@Suite("Preparing and closing the page store, the length of its write-ahead log, and reads that write nothing")
struct PageCacheLifecycleTests {
    static func address(_ key: Int) -> PageAddress {
        PageAddress(feed: "people", variant: "", key: "\(key)", loadSize: 20)
    }

    static func walSize(_ directory: TemporaryDirectory) -> Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: directory.databaseURL.path + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue
    }

    @Test("prepare opens (and creates) the file once, from any thread; after close it opens nothing")
    func prepareOpens() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.databaseURL.path), "creating a cache opens nothing")

        await Task.detached { cache.prepare() }.value
        cache.prepare()

        #expect(FileManager.default.fileExists(atPath: directory.databaseURL.path))
        #expect(cache.knownAvailability == .available)
        #expect(
            cache.store(Data("p".utf8), itemCount: 1, at: Self.address(1), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20))
        cache.close()
        try FileManager.default.removeItem(at: directory.databaseURL)
        cache.prepare()
        #expect(!FileManager.default.fileExists(atPath: directory.databaseURL.path), "a closed cache opened its file again")
    }

    @Test("close folds the log into the file and deletes it; later calls find nothing; the next process reads every page")
    func closeCheckpoints() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        for key in 1...5 {
            cache.store(
                Data("page \(key)".utf8), itemCount: 20, at: Self.address(key), firstPageOf: nil,
                fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20)
        }
        #expect((Self.walSize(directory) ?? 0) > 0, "the writes went to the log")

        cache.close()

        #expect(Self.walSize(directory) == nil, "the last connection out deletes the log")
        #expect(cache.page(at: Self.address(1)) == nil)
        #expect(
            !cache.store(
                Data("late".utf8), itemCount: 1, at: Self.address(9), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20))
        let next = PageCacheFixtures.cache(in: directory)
        #expect(next.page(at: Self.address(5))?.body == Data("page 5".utf8))
        #expect(next.page(at: Self.address(9)) == nil)
        next.close()
    }

    @Test("a long session of writes keeps the log near 1 MiB, not the 4 MiB SQLite lets it reach")
    func logStaysShort() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        let body = Data(repeating: UInt8(ascii: "x"), count: 8 * 1024)
        var largest = 0
        // 6 MiB of pages, more than one default checkpoint interval (1,000 pages of 4 KiB).
        for key in 0..<768 {
            cache.store(body, itemCount: 20, at: Self.address(key), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 64 << 20)
            largest = max(largest, Self.walSize(directory) ?? 0)
        }
        #expect(cache.page(at: Self.address(767))?.body == body)
        #expect(largest > 0)
        #expect(largest < 2 << 20, "the log reached \(largest) bytes")
    }
    @Test("a read writes nothing; its recency is written with the next write, in time for that write's eviction")
    func readsWriteNothing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        let limit = 3 * (1000 + 1 + PageCache.rowOverhead) + 50
        let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
        for key in 0..<3 {
            cache.store(body, itemCount: 20, at: Self.address(key), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: limit)
        }
        let logBefore = Self.walSize(directory)

        for _ in 0..<10 { #expect(cache.page(at: Self.address(0)) != nil) }

        #expect(Self.walSize(directory) == logBefore, "the reads appended to the log")
        // Page 0 was read, so page 1 is the least recently used when page 3 needs room.
        cache.store(body, itemCount: 20, at: Self.address(3), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: limit)
        #expect(cache.page(at: Self.address(1)) == nil)
        #expect(cache.page(at: Self.address(0)) != nil)
    }

    @Test("reads not yet written are written at close, so the next process evicts by them")
    func readsRecordedAtClose() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let limit = 3 * (1000 + 1 + PageCache.rowOverhead) + 50
        let body = Data(repeating: UInt8(ascii: "x"), count: 1000)
        let first = PageCacheFixtures.cache(in: directory)
        for key in 0..<3 {
            first.store(body, itemCount: 20, at: Self.address(key), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: limit)
        }
        #expect(first.page(at: Self.address(0)) != nil)
        first.close()

        let next = PageCacheFixtures.cache(in: directory)
        defer { next.close() }
        next.store(body, itemCount: 20, at: Self.address(3), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: limit)
        #expect(next.page(at: Self.address(1)) == nil, "page 1 was the least recently used")
        #expect(next.page(at: Self.address(0)) != nil, "the read before close was lost")
    }

    @Test("after many reads and no write, a read records them itself")
    func manyReadsRecorded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        defer { cache.close() }
        cache.store(Data("p".utf8), itemCount: 20, at: Self.address(0), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20)
        for _ in 0..<(PageCache.unrecordedReadLimit - 1) { _ = cache.page(at: Self.address(0)) }
        #expect(cache.unrecordedReads.withLock { $0.count } == PageCache.unrecordedReadLimit - 1)
        _ = cache.page(at: Self.address(0))
        #expect(cache.unrecordedReads.withLock { $0.isEmpty })
    }
}
