import CSQLite
import Endless
import Foundation
import Testing

@testable import EndlessCache

/// Files that are not what the cache wrote: detected when the cache opens (a file that is not
/// a database, or was cut short) or by the background `quick_check` after (a page damaged in
/// the middle), moved aside and rebuilt with one notice, never a crash and never a failed page.
@Suite("Damaged, foreign and unreachable cache files")
struct DamagedFileTests {
    enum Damage: String, CaseIterable, CustomStringConvertible {
        /// Random bytes where the database was.
        case garbage
        /// The file cut in half, as a full disk or a copy interrupted can leave it.
        case truncated
        /// One b-tree page in the middle overwritten, the header intact: the root of the
        /// pages' unique index, which the opening read (by first page, then row id) does not
        /// need, so only the background check can find it.
        case scribbled

        var description: String { rawValue }

        /// Whether SQLite's first statement already fails on the file (`SQLITE_NOTADB`, or
        /// `SQLITE_CORRUPT` for a file shorter than its header says).
        var isFoundAtOpen: Bool { self != .scribbled }
    }

    /// A cache with 120 pages of 20 rows, closed, so everything is in the main file.
    static func populatedCache(in directory: TemporaryDirectory) async throws {
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", policy: .neverStale)
        _ = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        for key in 1..<120 { _ = try await source.load(PageRequest(direction: .append, key: key, loadSize: 20)) }
        // The last connection to close checkpoints the WAL into the file and deletes it.
    }

    static func damage(_ url: URL, _ damage: Damage) throws {
        let file = try FileHandle(forUpdating: url)
        defer { try? file.close() }
        let size = try file.seekToEnd()
        switch damage {
        case .garbage:
            var generator = SystemRandomNumberGenerator()
            try file.seek(toOffset: 0)
            try file.write(contentsOf: Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case .truncated:
            try file.truncate(atOffset: size / 2)
        case .scribbled:
            let page = try scribbledPage(url)
            try file.seek(toOffset: UInt64(page - 1) * 4096)
            try file.write(contentsOf: Data(repeating: 0xA5, count: 4096))
        }
    }

    /// The page ``Damage/scribbled`` overwrites: the root of `pages`' unique index (4 KiB
    /// pages, numbered from 1).
    static func scribbledPage(_ url: URL) throws -> Int {
        let database = try SQLiteDatabase(path: url.path, options: .init(create: false, readOnly: true))
        let root = try database.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'sqlite_autoindex_pages_1'")
            .firstRow { $0.int(0) }
        return try #require(root)
    }

    @Test("a damaged file is detected, moved aside and rebuilt, with one line of notice", arguments: Damage.allCases)
    func damagedFileIsRebuilt(_ damage: Damage) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.populatedCache(in: directory)
        #expect(!FileManager.default.fileExists(atPath: directory.databaseURL.path + "-wal"))
        let scribbled = damage == .scribbled ? try Self.scribbledPage(directory.databaseURL) : 0
        try Self.damage(directory.databaseURL, damage)
        let damagedBytes = try Data(contentsOf: directory.databaseURL)

        let notices = NoticeLog()
        let network = NetworkSource()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices)
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        let page = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        let check = await cache.waitForIntegrityCheck()

        #expect(page.items.count == 20)
        if damage.isFoundAtOpen {
            #expect(network.requestCount == 1, "the damaged cache must not answer")
            #expect(notices.kinds == [.rebuilt])
            #expect(check == nil, "the new, empty file needs no check")
        } else {
            // The opening page was read without error, so it was served; the check found the
            // rest, and the cache says nothing until its next use acts on it.
            #expect(network.requestCount == 0)
            guard case .damaged = check else {
                Issue.record("the background check did not find the damage: \(String(describing: check))")
                return
            }
            #expect(notices.all.isEmpty)
            _ = try await source.load(PageRequest(direction: .append, key: 1, loadSize: 20))
            #expect(network.requestCount == 1, "the damaged cache must not answer after the check")
        }
        #expect(notices.kinds == [.rebuilt])
        let message = try #require(notices.all.first?.message)
        #expect(message.contains("was damaged") && message.contains("pages.sqlite.corrupt"))
        #expect(!message.contains("\n"))
        let aside = try Data(contentsOf: URL(fileURLWithPath: directory.databaseURL.path + ".corrupt"))
        if damage.isFoundAtOpen {
            #expect(aside == damagedBytes, "the damaged file was written to before it was moved aside")
        } else {
            // This run's commits (the opening page's recency) went into the file as its
            // connection closed; the damage itself is kept, aside, as it was found.
            let range = (scribbled - 1) * 4096..<scribbled * 4096
            #expect(aside.count >= range.upperBound && aside[range] == damagedBytes[range])
        }
        // Said once: later uses of the new cache say nothing more.
        _ = try await source.load(PageRequest(direction: .append, key: 2, loadSize: 20))
        #expect(notices.kinds == [.rebuilt])
        // The new cache works: the next launch finds the page just fetched.
        let requests = network.requestCount
        let relaunched = CachedPageSource(
            network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", policy: .neverStale)
        _ = try await relaunched.load(PageRequest(direction: .append, key: 2, loadSize: 20))
        #expect(network.requestCount == requests)
        // `endless cache clear` removes the damaged copy too.
        try relaunched.cache.clearAll()
        #expect(!FileManager.default.fileExists(atPath: directory.databaseURL.path + ".corrupt"))
    }

    @Test("damage met after opening (a statement fails with SQLITE_CORRUPT) rebuilds the cache the same way")
    func damageWhileRunning() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.populatedCache(in: directory)
        let notices = NoticeLog()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices)
        #expect(cache.availability == .available)

        // What a read of a damaged page reports.
        let failed = cache.use { _, _ -> Int in
            throw SQLiteError(code: SQLITE_CORRUPT, message: "database disk image is malformed", context: "reading a page")
        }

        #expect(throws: PageCacheError.self) { try failed.get() }
        #expect(notices.kinds == [.rebuilt])
        #expect(FileManager.default.fileExists(atPath: directory.databaseURL.path + ".corrupt"))
        #expect(cache.availability == .available)
        #expect(try cache.usage().isEmpty)
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        _ = try await source.load(PageRequest(direction: .append, key: 3, loadSize: 20))
        _ = try await source.load(PageRequest(direction: .append, key: 3, loadSize: 20))
        #expect(network.requestCount == 1)
    }

    @Test("an empty file is a new, empty cache, not damage")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = FileManager.default.createFile(atPath: directory.databaseURL.path, contents: Data())
        let notices = NoticeLog()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices)

        #expect(cache.availability == .available)
        #expect(notices.all.isEmpty)
    }

    @Test("a file from a newer schema is left alone; the feed runs on the network, the status says no cache")
    func newerSchema() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.populatedCache(in: directory)
        do {
            let database = try SQLiteDatabase(path: directory.databaseURL.path)
            try database.setUserVersion(PageSchema.latestVersion + 1)
        }

        let notices = NoticeLog()
        let network = NetworkSource()
        let source = CachedPageSource(
            network, cache: PageCacheFixtures.cache(in: directory, notices: notices), feed: "rows", policy: .neverStale)
        _ = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        _ = try await source.load(PageRequest(direction: .append, key: 1, loadSize: 20))

        #expect(network.requestCount == 2)
        #expect(notices.kinds == [.unavailable])
        #expect(notices.all.first?.message.contains("newer endless") == true)
        #expect(source.status.summary(now: Date()) == "no cache")
        #expect(try SQLiteDatabase(path: directory.databaseURL.path).userVersion() == PageSchema.latestVersion + 1)
        #expect(!FileManager.default.fileExists(atPath: directory.databaseURL.path + ".corrupt"))
    }

    @Test("a cache folder that cannot be created: pages from the network, one notice, and endless cache says why")
    func folderCannotBeCreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A regular file where a folder on the path should be.
        let blocker = directory.url.appendingPathComponent("not-a-folder")
        _ = FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        let notices = NoticeLog()
        let cache = PageCache(directory: blocker.appendingPathComponent("endless"), onNotice: { notices.append($0) })
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)

        for key in [nil, 1, 2] as [Int?] {
            _ = try await source.load(PageRequest(direction: key == nil ? .refresh : .append, key: key, loadSize: 20))
        }

        #expect(network.requestCount == 3)
        #expect(notices.kinds == [.unavailable])
        #expect(notices.all.first?.message.contains("cannot create the folder") == true)
        guard case .unavailable = cache.availability else {
            Issue.record("expected the cache to be unavailable, got \(cache.availability)")
            return
        }
        #expect(throws: PageCacheError.self) { try cache.clearAll() }
    }
}
