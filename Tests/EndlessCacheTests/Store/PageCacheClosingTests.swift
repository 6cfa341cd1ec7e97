import Foundation
import Testing

@testable import EndlessCache

@Suite("Closing the page store, and the length of its write-ahead log")
struct PageCacheClosingTests {
    static func address(_ key: Int) -> PageAddress {
        PageAddress(feed: "people", variant: "", key: "\(key)", loadSize: 20)
    }

    static func walSize(_ directory: TemporaryDirectory) -> Int? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: directory.databaseURL.path + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue
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
        #expect(!cache.store(Data("late".utf8), itemCount: 1, at: Self.address(9), firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20))
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
}
