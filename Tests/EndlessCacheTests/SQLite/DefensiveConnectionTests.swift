import CSQLite
import Foundation
import Testing

@testable import EndlessCache

/// A connection does not trust the file it opens: no hand-written schema, no view, no
/// extension, no value past the length limit, and no statement past its budget.
@Suite("A connection's defences")
struct DefensiveConnectionTests {
    /// A query of `rows` rows, 17 steps each: past the budgets below, yet finite, so a
    /// connection without a budget fails the test (it answers) rather than hanging it.
    static func longQuery(rows: Int) -> String {
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) SELECT COUNT(*) FROM n"
    }

    /// A million rows (17 million steps): past a budget of a million steps.
    static let endlessQuery = longQuery(rows: 1_000_000)

    @Test("a statement past its budget stops with an error that counts as damage, and the next one runs")
    func budget() throws {
        let database = try SQLiteDatabase(path: ":memory:", options: .init(budget: StatementBudget(steps: 1_000_000)))
        let error = #expect(throws: SQLiteError.self) {
            try database.prepare(Self.endlessQuery).firstRow { $0.int(0) }
        }
        #expect(error?.exceededBudget == true)
        #expect(error?.isDamage == true)
        #expect(error?.description.contains("budget of 1000000 steps") == true)
        // sqlite3_exec's statements have the budget too.
        let executed = #expect(throws: SQLiteError.self) { try database.execute(Self.endlessQuery) }
        #expect(executed?.exceededBudget == true)
        // Each statement gets the whole budget again.
        let small = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) SELECT SUM(i) FROM n"
        for _ in 0..<100 { #expect(try database.prepare(small).firstRow { $0.int(0) } == 500_500) }
    }

    @Test("the default budget ends a query far longer than any of the cache's")
    func defaultBudget() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        // 4 million rows of 17 steps: 68 million steps, past the default budget.
        let error = #expect(throws: SQLiteError.self) { try database.prepare(Self.longQuery(rows: 4_000_000)).firstRow { $0.int(0) } }
        #expect(error?.exceededBudget == true)
    }

    @Test("a cancellation is not mistaken for a budget")
    func cancellationIsNotDamage() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let cancellation = SQLiteCancellation()
        database.stop(when: cancellation)
        cancellation.cancel()
        let error = #expect(throws: SQLiteError.self) { try database.prepare(Self.endlessQuery).firstRow { $0.int(0) } }
        #expect(error?.isInterrupted == true)
        #expect(error?.isDamage == false)
    }

    @Test("defensive: the schema cannot be written by hand, views do not run, extensions do not load, the schema is not trusted")
    func defences() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        try database.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1); CREATE VIEW v AS SELECT x FROM t")
        #expect(throws: SQLiteError.self) {
            try database.execute("PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE TABLE t (y)' WHERE name = 't'")
        }
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT x FROM v").firstRow { $0.int(0) } }
        #expect(throws: SQLiteError.self) { try database.prepare("SELECT load_extension('/nonexistent')").firstRow { $0.int(0) } }
        #expect(try database.prepare("PRAGMA trusted_schema").firstRow { $0.int(0) } == 0)
    }

    @Test("no value past the length limit is read or written")
    func lengthLimit() throws {
        let database = try SQLiteDatabase(path: ":memory:", options: .init(largestValue: 1000))
        try database.execute("CREATE TABLE t (b BLOB)")
        #expect(throws: SQLiteError.self) { try database.prepare("INSERT INTO t VALUES (?1)").run([.blob(Data(count: 1001))]) }
        try database.prepare("INSERT INTO t VALUES (?1)").run([.blob(Data(count: 990))])
        #expect(try database.prepare("SELECT length(b) FROM t").firstRow { $0.int(0) } == 990)
    }
}
