import Endless
import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// A process killed (SIGKILL, as `kill -9` or a crash) while it writes pages loses at most
/// the page it was writing: every committed page survives whole, the file stays sound, and
/// the next open needs no repair.
@Suite("kill -9 while writing", .timeLimit(TimeBudget.minutes(1)))
struct CrashTests {
    static let midTransactionRole = "mid-transaction"
    static let writeLoopRole = "write-loop"
    static let committedPages = 10
    static let rowsPerPage = 20

    static func address(_ key: Int) -> PageAddress {
        PageAddress(feed: "rows", variant: "", key: String(key), loadSize: rowsPerPage)
    }

    static func body(_ key: Int, rows: Int = rowsPerPage) -> Data {
        PageCodec<Row, Int>.body(of: NetworkSource.page(key, size: rows, edition: 1, pageCount: .max)) ?? Data()
    }

    static func walSize(_ directory: URL) -> Int {
        let path = directory.appendingPathComponent(PageCache.defaultFileName).path + "-wal"
        return (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// In the child: commits ten pages, then writes two large ones in a transaction that it
    /// never ends (large enough that SQLite spills part of it into the WAL), says so, and
    /// waits to be killed.
    static func writeThenHangMidTransaction(directory: URL) throws {
        let cache = PageCache(directory: directory)
        for key in 0..<committedPages {
            guard cache.store(body(key), itemCount: rowsPerPage, at: address(key), firstPageOf: nil, fetchedAt: Date(), sizeLimit: 1 << 30)
            else { throw Missing(what: "a stored page") }
        }
        let walBefore = walSize(directory)
        // 60,000 rows, about 1.5 MB a page: past SQLite's 2 MB page cache, so dirty pages of the
        // open transaction are written to the WAL before any commit.
        let large = [body(committedPages, rows: 60_000), body(committedPages + 1, rows: 60_000)]
        let result = cache.use(for: .write) { database, _ in
            try database.transaction {
                for (offset, data) in large.enumerated() {
                    _ = try cache.writePage(
                        data, itemCount: 60_000, at: address(committedPages + offset), firstPageOf: nil, fetchedAt: Date(),
                        sizeLimit: 1 << 30, in: database)
                }
                ChildProcess.say("mid-transaction walBefore=\(walBefore) walNow=\(walSize(directory))")
                // Hold the transaction open until the parent's SIGKILL.
                while true { pause() }
            }
        }
        ChildProcess.say("the transaction ended: \(result)")
    }

    /// In the child: stores page after page, saying `stored N` after each commit, until killed.
    static func writeForever(directory: URL) {
        let cache = PageCache(directory: directory)
        var key = 0
        while true {
            if cache.store(body(key), itemCount: rowsPerPage, at: address(key), firstPageOf: nil, fetchedAt: Date(), sizeLimit: 1 << 30) {
                ChildProcess.say("stored \(key)")
            }
            key += 1
        }
    }

    /// Opens the cache as the next launch does and checks what survived.
    /// - Returns: the keys of the pages present, each verified whole.
    static func survivingPages(_ directory: TemporaryDirectory, upTo last: Int) throws -> [Int] {
        let notices = NoticeLog()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices)
        #expect(cache.availability == .available)
        #expect(notices.all.isEmpty, "the next open had to repair the file: \(notices.all)")
        var present: [Int] = []
        for key in 0...last {
            guard let stored = cache.page(at: address(key)) else { continue }
            let rows = PageCodec<Row, Int>.page(from: stored.body)?.items.map(\.id)
            #expect(rows == Array(key * rowsPerPage..<(key + 1) * rowsPerPage), "page \(key) is not whole")
            present.append(key)
        }
        let usage = try cache.usage()
        #expect(usage.map(\.pages) == [present.count], "the per-feed totals drifted")
        return present
    }

    @Test("killed inside a transaction with part of it already in the WAL: the committed pages all survive, the rest is gone")
    func killedMidTransaction() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ChildProcess(role: Self.midTransactionRole, directory: directory.url)
        defer { child.finish() }

        let line = await child.waitForLine { $0.hasPrefix("mid-transaction") }
        child.kill()

        let said = try #require(line, "the child never reached the transaction:\n\(child.output)")
        let sizes = said.split(separator: " ").dropFirst().compactMap { Int($0.split(separator: "=").last ?? "") }
        #expect(sizes.count == 2 && sizes[1] > sizes[0], "nothing of the open transaction reached the WAL: \(said)")
        let present = try Self.survivingPages(directory, upTo: Self.committedPages + 1)
        #expect(present == Array(0..<Self.committedPages))
    }

    @Test("killed at an arbitrary moment of a stream of writes: every acknowledged page survives, at most one more")
    func killedWhileWriting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let child = try ChildProcess(role: Self.writeLoopRole, directory: directory.url)
        defer { child.finish() }
        let target = Int.random(in: 20..<80)

        let reached = await child.waitForLine { line in
            line.hasPrefix("stored ") && (Int(line.dropFirst("stored ".count)) ?? 0) >= target
        }
        child.kill()
        // What it managed to say before it died: everything up to there was committed.
        _ = await child.waitForExit()
        #expect(reached != nil, "the child stopped writing:\n\(child.output)")
        let acknowledged = child.lines.compactMap { Int($0.dropFirst("stored ".count)) }.max() ?? -1

        let present = try Self.survivingPages(directory, upTo: acknowledged + 2)
        #expect(Array(present.prefix(acknowledged + 1)) == Array(0...acknowledged))
        #expect(present.count <= acknowledged + 2, "pages past the one being written: \(present.suffix(3))")
    }
}
