import CSQLite
import Foundation
import Testing

@testable import EndlessCache

@Suite("The typed SQLite layer")
struct SQLiteDatabaseTests {
    /// A configured connection to a new file in a folder of its own.
    static func database(_ directory: TemporaryDirectory) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: directory.databaseURL.path)
        try database.configureForSharing()
        return database
    }

    @Test("a shared connection runs in WAL mode with a busy timeout, NORMAL sync and foreign keys")
    func configuration() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabase(
            path: directory.databaseURL.path, options: SQLiteDatabase.Options(busyTimeout: .milliseconds(1500)))

        #expect(try database.configureForSharing() == "wal")
        #expect(try database.prepare("PRAGMA journal_mode").firstRow { $0.text(0) } == "wal")
        #expect(try database.prepare("PRAGMA busy_timeout").firstRow { $0.int(0) } == 1500)
        #expect(try database.prepare("PRAGMA synchronous").firstRow { $0.int(0) } == 1)  // NORMAL
        #expect(try database.prepare("PRAGMA foreign_keys").firstRow { $0.int(0) } == 1)
        #expect(try database.prepare("PRAGMA auto_vacuum").firstRow { $0.int(0) } == 2)  // INCREMENTAL
    }

    @Test("values of every type go in through parameters and come back unchanged")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)
        try database.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
        let blob = Data([0, 1, 2, 255, 0])
        // Text with quotes and a NUL-free emoji: parameters, never string splicing.
        let text = "it's \"quoted\"; DROP TABLE t; -- 😀"
        try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)").run(
            [.integer(Int64.max), .real(0.125), .text(text), .blob(blob), .null])
        try database.prepare("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)").run([.int(-7), .real(-1), "", .blob(Data()), .null])

        let rows = try database.prepare("SELECT i, r, s, b, n FROM t ORDER BY rowid").rows { row in
            (row.int(0), row.double(1), row.text(2), row.blob(3), row.isNull(4))
        }
        try #require(rows.count == 2)
        #expect(rows[0].0 == Int.max && rows[0].1 == 0.125 && rows[0].2 == text && rows[0].3 == blob && rows[0].4)
        #expect(rows[1].0 == -7 && rows[1].2 == "" && rows[1].3 == Data())
    }

    @Test("a statement is compiled once and reused, with fresh parameters each run")
    func preparedStatementsAreReused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)
        try database.execute("CREATE TABLE t (v INTEGER)")

        let insert = try database.prepare("INSERT INTO t VALUES (?1)")
        for value in 1...5 { try database.prepare("INSERT INTO t VALUES (?1)").run([.int(value)]) }

        #expect(try database.prepare("INSERT INTO t VALUES (?1)") === insert)
        #expect(try database.prepare("SELECT SUM(v) FROM t").firstRow { $0.int(0) } == 15)
    }

    @Test("a transaction commits everything, or rolls everything back when its body throws")
    func transactions() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)
        try database.execute("CREATE TABLE t (v INTEGER NOT NULL)")
        struct Abort: Error {}

        try database.transaction { try database.prepare("INSERT INTO t VALUES (1)").run() }
        #expect(throws: Abort.self) {
            try database.transaction {
                try database.prepare("INSERT INTO t VALUES (2)").run()
                throw Abort()
            }
        }
        // A failing statement rolls back what came before it in the transaction.
        #expect(throws: SQLiteError.self) {
            try database.transaction {
                try database.prepare("INSERT INTO t VALUES (3)").run()
                try database.prepare("INSERT INTO t VALUES (NULL)").run()
            }
        }

        #expect(try database.prepare("SELECT v FROM t").rows { $0.int(0) } == [1])
        #expect(!database.isInTransaction)
    }

    @Test("errors are typed and say what was being done, with SQLite's reason")
    func errors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)

        let syntax = #expect(throws: SQLiteError.self) { try database.prepare("SELEKT 1") }
        #expect(syntax?.primaryCode == SQLITE_ERROR)
        #expect(syntax?.description.contains("preparing SELEKT 1") == true)
        #expect(syntax?.description.contains("syntax error") == true)

        let count = #expect(throws: SQLiteError.self) { try database.prepare("SELECT ?1, ?2").run([.int(1)]) }
        #expect(count?.primaryCode == SQLITE_RANGE)

        let missing = #expect(throws: SQLiteError.self) {
            try SQLiteDatabase(path: directory.url.appendingPathComponent("no/such/folder/db").path)
        }
        #expect(missing?.primaryCode == SQLITE_CANTOPEN)
        #expect(missing?.isStorageFailure == true)
    }

    @Test("quick_check passes a sound file and user_version records the schema")
    func checksAndVersion() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)

        #expect(try database.userVersion() == 0)
        try database.setUserVersion(3)
        #expect(try database.userVersion() == 3)
        #expect(try database.quickCheck() == [])
    }

    @Test("a cancellation stops quick_check and other long statements with SQLITE_INTERRUPT, even set before they start")
    func cancellation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try Self.database(directory)
        // About 700 pages: quick_check runs the progress handler many times over them.
        try database.execute(
            "CREATE TABLE t (v BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                + "INSERT INTO t SELECT randomblob(1200) FROM n")
        let cancellation = SQLiteCancellation()
        database.stop(when: cancellation)
        #expect(try database.quickCheck() == [])

        cancellation.cancel()

        let check = #expect(throws: SQLiteError.self) { try database.quickCheck() }
        #expect(check?.isInterrupted == true)
        #expect(check?.isCorruption == false)
        let join = #expect(throws: SQLiteError.self) {
            try database.prepare("SELECT COUNT(*) FROM t a, t b").firstRow { $0.int(0) }
        }
        #expect(join?.isInterrupted == true)
    }
}
