import CSQLite
import Synchronization

/// Whether a database file holds exactly the schema its migrations make: the same tables
/// with the same columns, indexes and triggers, and nothing else (no view, no trigger of its
/// own, no table more or less).
///
/// "Ours" is not a list written by hand: it is what the migrations themselves make, up to the
/// file's version, in a fresh in-memory database (made once per version and kept), so a
/// migration added later is checked with no change here. Each object is compared by kind,
/// name, table and the SQL that made it (whitespace aside); the SQL fixes the columns, their
/// types and constraints. A file that differs is damage (`SQLITE_CORRUPT`, with what differs
/// in the message), and is moved aside and rebuilt like any: never used, never silently.
///
/// Reading the schema runs nothing of the file's: SQLite parses each object's SQL, and a
/// schema it cannot parse is `SQLITE_CORRUPT` already (`malformed database schema`).
final class SchemaCheck: Sendable {
    /// One object of a schema, as `sqlite_schema` lists it.
    struct Entry: Hashable, Comparable, Sendable {
        let type: String
        let name: String
        let table: String
        /// The SQL with runs of whitespace as one space; empty for SQLite's own indexes.
        let sql: String

        static func < (left: Entry, right: Entry) -> Bool {
            (left.type, left.name, left.table, left.sql) < (right.type, right.name, right.table, right.sql)
        }

        /// `view pages` (the name cut short and made printable: it comes from the file).
        var summary: String { "\(type) \(Self.printable(name))" }

        static func printable(_ text: String) -> String {
            let kept = text.unicodeScalars.prefix(40).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
            return String(kept) + (text.unicodeScalars.count > 40 ? "…" : "")
        }
    }

    private let migrations: [Migration]
    private let expected = Mutex<[Int: [Entry]]>([:])

    /// A check against what `migrations` make.
    /// - Parameter migrations: the schema's steps, versions 1, 2, 3… in order.
    init(migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Throws unless the database's schema is exactly what the migrations make up to
    /// `version` (nothing at all for version 0).
    /// - Parameters:
    ///   - database: the connection, inside the transaction that read `version`.
    ///   - version: the file's `user_version`.
    /// - Throws: ``SQLiteError`` `SQLITE_CORRUPT` saying what differs; or the error reading it.
    func verify(_ database: SQLiteDatabase, atVersion version: Int) throws(SQLiteError) {
        let ours = try schema(atVersion: version)
        // One more than ours is enough to know the file has too many.
        let found = try Self.entries(of: database, limit: ours.count + 1)
        guard found != ours else { return }
        let foreign = found.filter { !ours.contains($0) }
        let missing = ours.filter { !found.contains($0) }
        var differences: [String] = []
        for entry in foreign {
            let kind = missing.contains { $0.type == entry.type && $0.name == entry.name } ? "a different" : "an unexpected"
            differences.append("\(kind) \(entry.summary)")
        }
        for entry in missing where !foreign.contains(where: { $0.type == entry.type && $0.name == entry.name }) {
            differences.append("no \(entry.summary)")
        }
        throw SQLiteError(
            code: SQLITE_CORRUPT,
            message: "its schema is not this cache's (\(differences.prefix(3).joined(separator: ", ")))",
            context: "checking the schema of \(database.path)")
    }

    /// What the migrations make up to `version`, made once in memory and kept.
    func schema(atVersion version: Int) throws(SQLiteError) -> [Entry] {
        if let known = expected.withLock({ $0[version] }) { return known }
        let memory = try SQLiteDatabase(path: ":memory:")
        for step in migrations where step.version <= version { try step.apply(memory) }
        let entries = try Self.entries(of: memory, limit: Int(Int32.max))
        expected.withLock { $0[version] = entries }
        return entries
    }

    /// The schema's objects, sorted, at most `limit` of them.
    static func entries(of database: SQLiteDatabase, limit: Int) throws(SQLiteError) -> [Entry] {
        try database.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema LIMIT ?1").rows([.int(limit)]) { row in
            Entry(
                type: row.text(0) ?? "", name: row.text(1) ?? "", table: row.text(2) ?? "",
                sql: (row.text(3) ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }.sorted()
    }
}
