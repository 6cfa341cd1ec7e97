import Synchronization

/// A flag that stops a long statement on a connection that another thread runs: set it from
/// any thread, and the statement ends soon after with `SQLITE_INTERRUPT`.
///
/// A connection checks it through SQLite's progress handler (see
/// ``SQLiteDatabase/stop(when:)``), on its own thread, every few hundred steps of a
/// statement (`PRAGMA quick_check` calls it page by page). Unlike `sqlite3_interrupt`, which
/// does nothing when no statement is running at the moment it is called, a flag set before
/// a statement starts still stops it; and nobody but the connection's own thread ever
/// touches the connection.
final class SQLiteCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    /// Asks the statements of every connection watching this flag to stop; for good.
    func cancel() { flag.store(true, ordering: .releasing) }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { flag.load(ordering: .acquiring) }
}
