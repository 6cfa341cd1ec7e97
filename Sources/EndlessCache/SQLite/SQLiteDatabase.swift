import CSQLite
import Foundation
import Synchronization

/// One connection to a SQLite database file, set up for a cache that several processes share.
///
/// - WAL journal: readers never block the writer nor the writer the readers, and a process
///   killed mid-transaction leaves the file as of its last commit.
/// - `busy_timeout`: a connection that finds another process writing waits (up to
///   ``Options/busyTimeout``) instead of failing at once.
/// - `synchronous=NORMAL`: with WAL, a commit survives a crash of the process (kill -9); only a
///   power cut may lose the last commits, never the file's consistency. A cache can afford it.
/// - Extended result codes, so a full disk (`SQLITE_FULL`) is told from a failing one
///   (`SQLITE_IOERR_WRITE`).
/// - Defensive against the file it opens, which anyone who can write the cache folder may
///   have made: `SQLITE_DBCONFIG_DEFENSIVE` (no writing the schema by hand, no corrupting
///   features), an untrusted schema (`trusted_schema` off: no function with side effects
///   called from a view, trigger or index of the file), views off (the cache has none: a
///   statement that meets one fails), no extension loading, no value longer than
///   ``Options/largestValue`` read or written (SQLite refuses it, `SQLITE_TOOBIG`, before it
///   allocates anything), and a ``StatementBudget`` on every statement. What the file must
///   hold besides is ``SchemaCheck``'s business. Triggers stay on: the schema's own keep
///   `feed_usage` for older builds that share the file, and a trigger of the file's own is
///   refused by the check before any statement touches a table.
///
/// Not thread-safe on its own (it is opened with `SQLITE_OPEN_NOMUTEX`): its owner serializes
/// every call, as ``PageCache`` does with a mutex.
final class SQLiteDatabase {
    /// How a connection is opened.
    struct Options: Sendable, Equatable {
        /// How long a statement waits for another connection's lock before `SQLITE_BUSY`.
        var busyTimeout: Duration = .seconds(5)
        /// Create the file when it does not exist.
        var create = true
        /// Open read-only (never creates).
        var readOnly = false
        /// The work one statement may do before it is stopped.
        var budget = StatementBudget.default
        /// The longest string or blob, in bytes, the connection reads or writes (SQLite's
        /// `SQLITE_LIMIT_LENGTH`, which bounds a whole row written too).
        var largestValue = Options.defaultLargestValue

        /// 8 MiB, a feed's whole default share of the cache: far above any page a feed
        /// loads (a page of 500 people is about 600 KiB).
        static let defaultLargestValue = 8 << 20
    }

    /// The file's path.
    let path: String
    private let handle: OpaquePointer
    /// Prepared statements by SQL text, compiled on first use.
    private var statements: [String: SQLiteStatement] = [:]
    /// What the progress handler checks: cancellation and the running statement's budget.
    /// Kept alive as long as the connection, whose handler points at it.
    let watch: StatementWatch

    /// Opens (and, if asked, creates) the database at `path`.
    ///
    /// Opening is lazy in SQLite: a file that is not a database is only detected by the first
    /// statement that reads it (``configureForSharing()`` does).
    /// - Parameters:
    ///   - path: the file; its directory must exist.
    ///   - options: timeouts and flags.
    /// - Throws: ``SQLiteError`` when the file cannot be opened (`SQLITE_CANTOPEN`: missing
    ///   directory, no permission), or the defences cannot be set.
    init(path: String, options: Options = Options()) throws(SQLiteError) {
        self.path = path
        watch = StatementWatch(budget: options.budget)
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        flags |= options.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if options.create && !options.readOnly { flags |= SQLITE_OPEN_CREATE }
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK, let handle else {
            let error = SQLiteError(code: result, handle: handle, context: "opening \(path)")
            // A failed open still allocates a handle (for its message), which must be closed.
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds =
            options.busyTimeout.components.seconds * 1000
            + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
        do {
            try harden(largestValue: options.largestValue)
        } catch {
            sqlite3_close_v2(handle)
            throw error
        }
    }

    /// Sets the defences the type's documentation lists, before the first statement reads
    /// the file.
    private func harden(largestValue: Int) throws(SQLiteError) {
        let settings: [(option: Int32, value: Int32, name: String)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"),
            (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "untrusted schema"),
            (SQLITE_DBCONFIG_ENABLE_VIEW, 0, "views off"),
            (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "no extension loading"),
        ]
        for setting in settings {
            let result = endless_sqlite3_db_config_int(handle, setting.option, setting.value)
            guard result == SQLITE_OK else {
                throw SQLiteError(code: result, message: "SQLite refused \(setting.name)", context: "opening \(path)")
            }
        }
        sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Int32(clamping: largestValue))
        let context = Unmanaged.passUnretained(watch).toOpaque()
        sqlite3_progress_handler(
            handle, StatementWatch.stepsPerCall,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StatementWatch>.fromOpaque(context).takeUnretainedValue().shouldInterrupt() ? 1 : 0
            }, context)
    }

    deinit {
        // Statements first: close_v2 would otherwise keep the connection alive as a zombie.
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Sets the connection up for a cache shared by processes: incremental auto-vacuum (for a
    /// new, empty file), WAL, `synchronous=NORMAL` and foreign keys. These are the first
    /// statements that read the file, so a file that is not a database fails here with
    /// `SQLITE_NOTADB`; and none of them writes to an existing file, so a damaged one is moved
    /// aside exactly as it was found.
    /// - Returns: the journal mode in effect: `wal`, or what the file system allowed instead.
    /// - Throws: ``SQLiteError``.
    @discardableResult
    func configureForSharing() throws(SQLiteError) -> String {
        // Setting auto_vacuum rewrites the header even when the value does not change.
        if try prepare("PRAGMA page_count").firstRow([], { $0.int(0) }) == 0 {
            try execute("PRAGMA auto_vacuum = INCREMENTAL")
        }
        let mode = try prepare("PRAGMA journal_mode = WAL").firstRow { $0.text(0) } ?? nil
        try execute("PRAGMA synchronous = NORMAL")
        // A process killed with the connection open leaves its log for the next one to replay
        // before its first read: checkpoints every 256 pages (not 1,000) and a log cut back
        // to 1 MiB after each keep that replay short.
        try execute("PRAGMA wal_autocheckpoint = 256")
        try execute("PRAGMA journal_size_limit = 1048576")
        try execute("PRAGMA foreign_keys = ON")
        return mode ?? "unknown"
    }

    /// Runs one or more statements that take no parameters and return nothing needed.
    /// - Parameter sql: the statements, separated by semicolons.
    /// - Throws: ``SQLiteError`` naming the SQL.
    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        watch.startStatement()
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            var error = SQLiteError(code: result, handle: handle, context: "running \(sql)")
            // sqlite3_exec's own message names the failing statement's error best.
            if let message { error = SQLiteError(error, message: String(cString: message)) }
            throw watch.exceeded ? error.overBudget(steps: watch.steps) : error
        }
    }

    /// The prepared statement for `sql`, compiled the first time and reused after.
    /// - Parameter sql: one statement, with `?` placeholders.
    /// - Returns: the statement, reset and ready to run.
    /// - Throws: ``SQLiteError`` when the SQL does not compile.
    func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else {
            throw SQLiteError(code: result, handle: handle, context: "preparing \(sql)")
        }
        let prepared = SQLiteStatement(sql: sql, handle: statement, connection: handle, watch: watch)
        statements[sql] = prepared
        return prepared
    }

    /// The schema version the file records (`PRAGMA user_version`); 0 for a new file.
    func userVersion() throws(SQLiteError) -> Int {
        try prepare("PRAGMA user_version").firstRow { $0.int(0) } ?? 0
    }

    /// Records the schema version. Inside a transaction it commits or rolls back with it.
    /// - Parameter version: the version now in effect.
    func setUserVersion(_ version: Int) throws(SQLiteError) {
        // PRAGMA takes no parameters; the value is an Int, so nothing can be injected.
        try execute("PRAGMA user_version = \(version)")
    }

    /// `PRAGMA quick_check`: the b-trees' structure, page by page, without the slower index
    /// cross-checks of `integrity_check`.
    /// - Returns: an empty list when the file is sound, else SQLite's findings.
    /// - Throws: ``SQLiteError`` when the file cannot even be read (`SQLITE_NOTADB`,
    ///   `SQLITE_CORRUPT`).
    func quickCheck() throws(SQLiteError) -> [String] {
        let findings = try prepare("PRAGMA quick_check").rows { $0.text(0) ?? "" }
        return findings == ["ok"] ? [] : findings
    }

    /// Makes every statement of this connection stop (with `SQLITE_INTERRUPT`) soon after
    /// `cancellation` is cancelled, even one that started before; for a connection that runs
    /// long statements on a thread of its own.
    /// - Parameter cancellation: the flag; the connection keeps it.
    func stop(when cancellation: SQLiteCancellation) {
        watch.cancellation = cancellation
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Rows changed by every INSERT, UPDATE or DELETE of this connection since it opened,
    /// those of triggers included.
    var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// `PRAGMA data_version`: moves whenever another connection to the file commits, never for
    /// this connection's own commits.
    /// - Throws: ``SQLiteError``.
    func dataVersion() throws(SQLiteError) -> Int {
        try prepare("PRAGMA data_version").firstRow { $0.int(0) } ?? 0
    }

    /// A number no other connection of this process has: what a value measured on this
    /// connection is filed under.
    let serial = SQLiteDatabase.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<Int>(0)

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
