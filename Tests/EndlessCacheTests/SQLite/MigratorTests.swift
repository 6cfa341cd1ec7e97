import Foundation
import Testing

@testable import EndlessCache

@Suite("Schema migrations")
struct MigratorTests {
    static let first = Migration(version: 1, summary: "notes", sql: "CREATE TABLE notes (text TEXT NOT NULL)")
    static let second = Migration(
        version: 2, summary: "note authors", sql: "ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT 'unknown'")

    @Test("a new file runs every step and records the latest version")
    func fromScratch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabaseTests.database(directory)

        let result = try Migrator.migrate(database, to: [Self.first, Self.second])

        #expect(result.from == 0 && result.to == 2)
        #expect(try database.userVersion() == 2)
        try database.prepare("INSERT INTO notes (text, author) VALUES ('a', 'b')").run()
    }

    @Test("an older file runs only the steps it has not seen, and keeps its rows")
    func upgradeKeepsData() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let old = try SQLiteDatabaseTests.database(directory)
            try Migrator.migrate(old, to: [Self.first])
            try old.prepare("INSERT INTO notes (text) VALUES ('kept')").run()
        }

        let database = try SQLiteDatabaseTests.database(directory)
        let result = try Migrator.migrate(database, to: [Self.first, Self.second])
        let again = try Migrator.migrate(database, to: [Self.first, Self.second])

        #expect(result.from == 1 && result.to == 2)
        #expect(again.from == 2 && again.to == 2)
        let rows = try database.prepare("SELECT text, author FROM notes").rows { ($0.text(0), $0.text(1)) }
        #expect(rows.count == 1 && rows.first?.0 == "kept" && rows.first?.1 == "unknown")
    }

    @Test("a failing step is rolled back with the steps before it: the file stays at its version")
    func failingStepRollsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabaseTests.database(directory)
        let broken = Migration(version: 3, summary: "a broken step", sql: "ALTER TABLE nowhere ADD COLUMN x")

        let error = #expect(throws: MigrationError.self) {
            try Migrator.migrate(database, to: [Self.first, Self.second, broken])
        }

        guard case .stepFailed(let version, let summary, _) = error else {
            Issue.record("expected a failed step, got \(String(describing: error))")
            return
        }
        #expect(version == 3 && summary == "a broken step")
        #expect(try database.userVersion() == 0)
        #expect(try database.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'notes'").firstRow { $0.int(0) } == 0)
    }

    @Test("a file from a newer build is refused and left untouched")
    func newerFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabaseTests.database(directory)
        try Migrator.migrate(database, to: [Self.first, Self.second])

        let error = #expect(throws: MigrationError.self) { try Migrator.migrate(database, to: [Self.first]) }

        #expect(error == .newerVersion(found: 2, known: 1))
        #expect(error?.description.contains("newer endless") == true)
        #expect(try database.userVersion() == 2)
    }

    @Test("the page cache's own history is numbered 1, 2, 3… with no gaps, and builds a file quick_check passes")
    func pageSchemaIsConsistent() throws {
        let versions = PageSchema.migrations.map(\.version)
        #expect(versions == Array(1...versions.count))

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try SQLiteDatabaseTests.database(directory)
        try Migrator.migrate(database, to: PageSchema.migrations)
        #expect(try database.userVersion() == PageSchema.latestVersion)
        #expect(try database.quickCheck() == [])
    }
}
