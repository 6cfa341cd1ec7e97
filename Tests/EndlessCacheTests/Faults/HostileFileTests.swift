import CSQLite
import Endless
import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// Files made to hurt: a schema that is not the cache's (a view whose query never ends, a
/// trigger of its own, other columns, a table more or less), a row far past the size limit,
/// a damaged copy's name taken by a folder. Each is refused quickly, said in a notice, and
/// never loaded, never looped on. The tests that could hang if the cache regressed run the
/// cache in a child process, killed after ``ChildProcess/patience``, so they fail instead of
/// hanging.
@Suite("Hostile cache files", .timeLimit(TimeBudget.minutes(2)))
struct HostileFileTests {
    static let openRole = "hostile-open"
    static let oversizedRowRole = "oversized-row"
    /// The row a test writes past the limit: 100 MB, as in the report.
    static let oversizedBytes = 100_000_000

    /// In the child: opens the cache in `directory`, loads the first page, lists the usage
    /// and clears nothing; says what it heard.
    static func openAndUse(directory: URL) async {
        let notices = NoticeLog()
        let cache = PageCache(directory: directory, onNotice: { notices.append($0) })
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        _ = try? await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        let usage = (try? cache.usage()) ?? []
        for notice in notices.all { ChildProcess.say("notice \(notice.kind) \(notice.message)") }
        ChildProcess.say("done requests=\(network.requestCount) pages=\(usage.map(\.pages).reduce(0, +))")
    }

    @Test(
        "a schema that is not the cache's is damage: moved aside, rebuilt, said, and never run",
        arguments: [
            ("view", HostileFiles.endlessView, "view pages"),
            ("trigger", HostileFiles.foreignTrigger, "trigger pages_spy"),
            ("columns", HostileFiles.wrongColumns, "a different table pages"),
            ("extra table", HostileFiles.extraTable, "table notes"),
            ("missing table", HostileFiles.missingTable, "no table positions"),
        ])
    func foreignSchema(_ name: String, _ sql: String, _ named: String) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        try HostileFiles.rewrite(directory.databaseURL, sql)

        let child = try ChildProcess(role: Self.openRole, directory: directory.url)
        let result = await child.waitForExit()

        let done = result.lines.first { $0.hasPrefix("done") }
        #expect(done == "done requests=1 pages=1", "\(name): the child hung, crashed or used the file: \(result.output)")
        let notices = result.lines.filter { $0.hasPrefix("notice") }
        #expect(notices.count == 1, "\(result.lines)")
        let notice = try #require(notices.first)
        #expect(notice.hasPrefix("notice rebuilt"), "\(notice)")
        #expect(notice.contains("schema is not this cache's") && notice.contains(named), "\(notice)")
        #expect(notice.contains("moved it to pages.sqlite.corrupt"), "\(notice)")
        #expect(FileManager.default.fileExists(atPath: directory.databaseURL.path + ".corrupt"))
    }

    @Test("endless cache on a file whose pages never end answers at once, and says the file was rebuilt")
    func usageOfEndlessView() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        try HostileFiles.rewrite(directory.databaseURL, HostileFiles.endlessView)
        let child = try ChildProcess(role: Self.openRole, directory: directory.url, environment: ["ENDLESS_USAGE_ONLY": "1"])
        let result = await child.waitForExit()
        #expect(result.lines.contains("done usage=0"), "the child hung or crashed: \(result.output)")
        #expect(result.lines.contains { $0.hasPrefix("notice rebuilt") && $0.contains("view pages") }, "\(result.lines)")
    }

    /// In the child: `endless cache` alone.
    static func usageOnly(directory: URL) {
        let notices = NoticeLog()
        let cache = PageCache(directory: directory, onNotice: { notices.append($0) })
        let usage = (try? cache.usage()) ?? []
        for notice in notices.all { ChildProcess.say("notice \(notice.kind) \(notice.message)") }
        ChildProcess.say("done usage=\(usage.count)")
    }

    @Test("a migration added later is checked with no list to update: the schema is what the steps make")
    func schemaFollowsMigrations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let later =
            PageSchema.migrations + [
                Migration(version: PageSchema.latestVersion + 1, summary: "a test's table", sql: "CREATE TABLE later (x INTEGER)")
            ]
        let notices = NoticeLog()
        let first = PageCache(fileURL: directory.databaseURL, migrations: later, busyTimeout: .seconds(1), onNotice: { notices.append($0) })
        #expect(first.availability == .available)
        first.close()
        let again = PageCache(fileURL: directory.databaseURL, migrations: later, busyTimeout: .seconds(1), onNotice: { notices.append($0) })
        #expect(again.availability == .available)
        again.close()
        #expect(notices.all.isEmpty, "\(notices.all)")
        // The same version with other steps is another schema.
        let other =
            PageSchema.migrations + [
                Migration(version: PageSchema.latestVersion + 1, summary: "another table", sql: "CREATE TABLE other (x INTEGER)")
            ]
        let third = PageCache(fileURL: directory.databaseURL, migrations: other, busyTimeout: .seconds(1), onNotice: { notices.append($0) })
        #expect(third.availability == .available)
        #expect(notices.kinds == [.rebuilt])
    }

    /// The first page's row made `oversizedBytes` long by hand, its stored counts left small.
    static func cacheWithOversizedRow(in directory: TemporaryDirectory) async throws {
        try await DamagedFileTests.populatedCache(in: directory)
        try HostileFiles.rewrite(
            directory.databaseURL,
            "UPDATE pages SET body = zeroblob(\(oversizedBytes)) WHERE id = (SELECT page_id FROM first_pages LIMIT 1)")
    }

    @Test("a row far past the limit is never loaded: endless cache says its real size, a read refuses and deletes it")
    func oversizedRow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await Self.cacheWithOversizedRow(in: directory)

        // `endless cache` measures: 100 MB, not the 2 KiB the row's own count says.
        let listed = try PageCacheFixtures.cache(in: directory).usage()
        #expect((listed.first?.bytes ?? 0) > Self.oversizedBytes, "\(listed)")

        let child = try ChildProcess(role: Self.oversizedRowRole, directory: directory.url)
        let result = await child.waitForExit()
        let line = try #require(result.lines.first { $0.hasPrefix("done") }, "\(result.output)")
        let numbers = line.split(separator: " ").dropFirst().reduce(into: [String: Int]()) { numbers, pair in
            let parts = pair.split(separator: "=")
            numbers[String(parts[0])] = Int(parts[1])
        }
        // The page came from the network instead, and memory grew by far less than the row.
        #expect(numbers["requests"] == 1, "\(line)")
        #expect((numbers["grew"] ?? .max) < Self.oversizedBytes / 4, "\(line)")
        // The row is gone: what is left is the other pages' few KiB each.
        #expect((numbers["bytes"] ?? .max) < 4 << 20, "\(line)")
    }

    /// In the child: the launch's first read over the oversized row, and how much the peak
    /// memory grew.
    static func readOversizedRow(directory: URL) async {
        let cache = PageCache(directory: directory)
        cache.prepare()
        let before = HostileFiles.peakResidentBytes
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        _ = try? await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 20))
        let grew = HostileFiles.peakResidentBytes - before
        let bytes = ((try? cache.usage()) ?? []).map(\.bytes).reduce(0, +)
        ChildProcess.say("done requests=\(network.requestCount) grew=\(grew) bytes=\(bytes)")
    }

    @Test("a page past the limit is not stored, and the statement budget does not stop the cache's own statements")
    func largestPage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        let address = PageAddress(feed: "rows", variant: "", key: "1", loadSize: 20)
        let tooLarge = Data(count: PageCache.largestPage)
        #expect(!cache.store(tooLarge, itemCount: 1, at: address, firstPageOf: nil, fetchedAt: Date(), sizeLimit: .max))
        #expect(cache.page(at: address) == nil)
        let large = Data(count: PageCache.largestPage / 2)
        #expect(cache.store(large, itemCount: 1, at: address, firstPageOf: nil, fetchedAt: Date(), sizeLimit: .max))
        #expect(cache.page(at: address)?.body.count == large.count)
    }

    @Test("the cache's own largest statements on four full feeds stay well inside the budget")
    func fullFeedsWithinBudget() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(PageCacheFixtures.cache(in: directory).availability == .available)
        // Four feeds at their 8 MiB limit in 2 KiB pages: 16,000 rows, written as the cache
        // would (the triggers keep feed_usage).
        try HostileFiles.rewrite(
            directory.databaseURL,
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 15999)
            INSERT INTO pages (feed, variant, page_key, load_size, body, item_count, bytes, fetched_at, used)
            SELECT 'feed' || (i % 4), 'simulator', CAST(i AS TEXT), 12, randomblob(2000), 12, 2100, 0, i FROM n;
            """)
        let notices = NoticeLog()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices)
        let address = PageAddress(feed: "feed0", variant: "simulator", key: "new", loadSize: 12)
        // The eviction scan and its running total over a full feed.
        #expect(cache.store(Data(count: 2000), itemCount: 12, at: address, firstPageOf: nil, fetchedAt: Date(), sizeLimit: 8 << 20))
        #expect(try cache.usage().count == 4)
        // The store evicted a few of feed0's pages to fit its 8 MiB.
        #expect(try cache.clearAll() > 15_900)
        #expect(notices.all.isEmpty, "\(notices.all)")
    }

    @Test("a damaged copy's name held by a folder: the copy takes the next free name, and the notice says which")
    func corruptNameIsAFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        try DamagedFileTests.damage(directory.databaseURL, .garbage)
        let damaged = try Data(contentsOf: directory.databaseURL)
        let folder = directory.databaseURL.path + ".corrupt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(FileManager.default.createFile(atPath: folder + "/kept", contents: Data("mine".utf8)))

        let notices = NoticeLog()
        #expect(PageCacheFixtures.cache(in: directory, notices: notices).availability == .available)

        let message = try #require(notices.all.first?.message)
        #expect(notices.kinds == [.rebuilt])
        #expect(message.contains("moved it to pages.sqlite.corrupt-2"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.databaseURL.path + ".corrupt-2")) == damaged)
        #expect(try String(contentsOfFile: folder + "/kept", encoding: .utf8) == "mine")
    }

    @Test("when no name is free the file is deleted, and the notice says deleted, not moved")
    func noFreeName() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        try DamagedFileTests.damage(directory.databaseURL, .garbage)
        for name in DamagedFile.names(for: directory.databaseURL.path) {
            try FileManager.default.createDirectory(atPath: name, withIntermediateDirectories: false)
        }

        let notices = NoticeLog()
        #expect(PageCacheFixtures.cache(in: directory, notices: notices).availability == .available)

        let message = try #require(notices.all.first?.message)
        #expect(message.contains("deleted it") && !message.contains("moved it"), "\(message)")
        #expect(message.contains("pages.sqlite.corrupt is a folder"), "\(message)")
        for name in DamagedFile.names(for: directory.databaseURL.path) {
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) && isFolder.boolValue)
        }
        // clearAll leaves folders alone too.
        try PageCacheFixtures.cache(in: directory).clearAll()
        #expect(FileManager.default.fileExists(atPath: directory.databaseURL.path + ".corrupt"))
    }
}
