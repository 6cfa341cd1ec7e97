import Endless
import EndlessTesting
import Foundation
import Testing

@testable import EndlessCache

/// Two processes writing, evicting and reading one cache file at the same time, as two
/// `endless` windows do.
@Suite("One cache file, two processes", .timeLimit(TimeBudget.minutes(1)))
struct SharedCacheTests {
    static let hammerRole = "hammer"
    static let keys = 40
    static let rowsPerPage = 20
    /// Room for about 15 of the 40 pages, so both processes keep evicting each other's pages.
    static let sizeLimit = 15 * 700
    static let childRounds = 400

    struct Result: Equatable {
        var rounds = 0
        var failedWrites = 0
        var reads = 0
        var damagedReads = 0

        var line: String { "rounds=\(rounds) failedWrites=\(failedWrites) reads=\(reads) damagedReads=\(damagedReads)" }

        init() {}

        init?(line: String) {
            let fields = Dictionary(
                uniqueKeysWithValues: line.split(separator: " ").dropFirst().compactMap { field -> (String, Int)? in
                    let parts = field.split(separator: "=")
                    guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                    return (String(parts[0]), value)
                })
            guard let rounds = fields["rounds"], let failed = fields["failedWrites"], let reads = fields["reads"],
                let damaged = fields["damagedReads"]
            else { return nil }
            self.rounds = rounds
            self.failedWrites = failed
            self.reads = reads
            self.damagedReads = damaged
        }
    }

    static func address(_ key: Int) -> PageAddress {
        PageAddress(feed: "shared", variant: "", key: String(key), loadSize: rowsPerPage)
    }

    /// Writes random pages (each in one transaction, evicting to the limit) and reads random
    /// pages back, checking that every page read is whole: the right rows, all of one edition.
    /// - Returns: what happened; every write must succeed and every read be whole.
    static func hammer(directory: URL, writer: Int, rounds: Int, keepGoing: () -> Bool = { false }) -> Result {
        let cache = PageCache(directory: directory)
        var result = Result()
        while result.rounds < rounds || keepGoing() {
            let key = Int.random(in: 0..<keys)
            let edition = writer * 1_000_000 + result.rounds
            let page = NetworkSource.page(key, size: rowsPerPage, edition: edition, pageCount: keys)
            let body = PageCodec<Row, Int>.body(of: page) ?? Data()
            if !cache.store(
                body, itemCount: rowsPerPage, at: address(key), firstPageOf: key == 0 ? "null" : nil, fetchedAt: Date(),
                sizeLimit: sizeLimit)
            {
                result.failedWrites += 1
            }
            let read = Int.random(in: 0..<keys)
            if let stored = cache.page(at: address(read)) {
                result.reads += 1
                let rows = PageCodec<Row, Int>.page(from: stored.body)?.items ?? []
                let whole = rows.map(\.id) == Array(read * rowsPerPage..<(read + 1) * rowsPerPage)
                if !whole || Set(rows.map(\.edition)).count != 1 { result.damagedReads += 1 }
            }
            result.rounds += 1
        }
        return result
    }

    @Test("both write, evict and read at once: no write fails, no read is torn, the totals stay exact")
    func twoProcesses() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Create the file first, so the two do not also race to create the schema (tested below).
        #expect(PageCacheFixtures.cache(in: directory).availability == .available)
        let child = try ChildProcess(role: Self.hammerRole, directory: directory.url)
        defer { child.finish() }
        // Hammer for at least as long as the child runs, so the two really overlap.
        let parent = Self.hammer(directory: directory.url, writer: 1, rounds: 400) { child.isRunning }
        let exit = await child.waitForExit()

        #expect(exit.status == 0, "child failed:\n\(exit.output)")
        let childResult = try #require(exit.lines.first { $0.hasPrefix("result") }.flatMap(Result.init(line:)))
        for result in [parent, childResult] {
            #expect(result.failedWrites == 0)
            #expect(result.damagedReads == 0)
            #expect(result.reads > 0)
        }
        try Self.expectConsistent(directory)
    }

    @Test("two processes opening a new file at once create the schema once, and both can write")
    func racingToCreate() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ChildProcess(role: Self.hammerRole, directory: directory.url)
        defer { child.finish() }
        let parent = Self.hammer(directory: directory.url, writer: 1, rounds: 50)
        let exit = await child.waitForExit()

        #expect(exit.status == 0, "child failed:\n\(exit.output)")
        let childResult = try #require(exit.lines.first { $0.hasPrefix("result") }.flatMap(Result.init(line:)))
        #expect(parent.failedWrites == 0 && childResult.failedWrites == 0)
        try Self.expectConsistent(directory)
    }

    /// The file passes quick_check, the schema is current, the per-feed totals the triggers
    /// keep equal a recount, and the feed is within its limit.
    static func expectConsistent(_ directory: TemporaryDirectory) throws {
        let database = try SQLiteDatabase(path: directory.databaseURL.path)
        try database.configureForSharing()
        #expect(try database.quickCheck() == [])
        #expect(try database.userVersion() == PageSchema.latestVersion)
        let kept = try database.prepare("SELECT bytes, pages, items FROM feed_usage WHERE feed = 'shared'").firstRow {
            [$0.int(0), $0.int(1), $0.int(2)]
        }
        let recount = try database.prepare("SELECT SUM(bytes), COUNT(*), SUM(item_count) FROM pages WHERE feed = 'shared'")
            .firstRow { [$0.int(0), $0.int(1), $0.int(2)] }
        #expect(kept == recount)
        #expect((kept?.first ?? .max) <= sizeLimit)
        let dangling = try database.prepare(
            "SELECT COUNT(*) FROM first_pages f LEFT JOIN pages p ON p.id = f.page_id WHERE p.id IS NULL"
        ).firstRow { $0.int(0) }
        #expect(dangling == 0)
    }
}
