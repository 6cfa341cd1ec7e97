/// One step of a database's schema: what turns version `version - 1` into `version`.
///
/// Steps are only ever appended: a released step never changes, so every file, however old,
/// reaches the latest version by running the steps it has not seen, in order.
struct Migration: Sendable {
    /// The version this step produces, from 1.
    let version: Int
    /// What it changes, for errors: `pages, first pages and per-feed usage`.
    let summary: String
    /// Runs the step's statements. Called inside the migration's transaction.
    let apply: @Sendable (SQLiteDatabase) throws(SQLiteError) -> Void

    /// Creates a step.
    /// - Parameters:
    ///   - version: the version it produces.
    ///   - summary: what it changes.
    ///   - apply: its statements.
    init(version: Int, summary: String, apply: @escaping @Sendable (SQLiteDatabase) throws(SQLiteError) -> Void) {
        self.version = version
        self.summary = summary
        self.apply = apply
    }

    /// A step that is plain SQL.
    /// - Parameters:
    ///   - version: the version it produces.
    ///   - summary: what it changes.
    ///   - sql: the statements, separated by semicolons.
    init(version: Int, summary: String, sql: String) {
        self.init(version: version, summary: summary) { database throws(SQLiteError) in try database.execute(sql) }
    }
}

/// Why a database could not be brought to the schema this build knows.
enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file was written by a newer build, with a schema this one does not know. It is
    /// left alone, so the newer build keeps its cache.
    case newerVersion(found: Int, known: Int)
    /// A step failed; it was rolled back, so the file is still at the version before it.
    case stepFailed(version: Int, summary: String, error: SQLiteError)

    var description: String {
        switch self {
        case .newerVersion(let found, let known):
            "the cache was written by a newer endless (schema \(found); this one knows up to \(known)); "
                + "it is left as it is: run the newer endless, or clear the cache"
        case .stepFailed(let version, let summary, let error):
            "upgrading the cache to schema \(version) (\(summary)) failed: \(error)"
        }
    }
}

/// Brings a database to the latest of a list of ``Migration``s.
enum Migrator {
    /// Checks the file's schema against what the migrations make at its version, then runs,
    /// in one `BEGIN IMMEDIATE` transaction, every step newer than the file's
    /// `user_version`, and records the new version with them.
    ///
    /// The version is read inside the transaction, so two processes opening a new file at the
    /// same time do not both create the schema: the second waits for the first, then finds
    /// nothing left to do; the schema is read in the same transaction, so it is the one of
    /// that version. No step runs on a file whose schema is not ours.
    /// - Parameters:
    ///   - database: the connection.
    ///   - migrations: the steps, versions 1, 2, 3… in order.
    ///   - schema: the check of what the steps make; one over `migrations` by default (pass
    ///     one that is kept, so that what they make is worked out once).
    /// - Returns: the versions before and after.
    /// - Throws: ``MigrationError``, or ``SQLiteError`` when the transaction itself fails or
    ///   the schema is not ours (`SQLITE_CORRUPT`).
    @discardableResult
    static func migrate(
        _ database: SQLiteDatabase, to migrations: [Migration], checking schema: SchemaCheck? = nil
    ) throws -> (from: Int, to: Int) {
        let latest = migrations.last?.version ?? 0
        let schema = schema ?? SchemaCheck(migrations: migrations)
        return try database.transaction { () throws -> (from: Int, to: Int) in
            let current = try database.userVersion()
            if current > latest { throw MigrationError.newerVersion(found: current, known: latest) }
            try schema.verify(database, atVersion: current)
            for step in migrations where step.version > current {
                do throws(SQLiteError) {
                    try step.apply(database)
                } catch {
                    throw MigrationError.stepFailed(version: step.version, summary: step.summary, error: error)
                }
            }
            if current != latest { try database.setUserVersion(latest) }
            return (current, latest)
        }
    }
}
