import CSQLite
import Foundation

/// A SQLite call that failed: the result code, SQLite's own message, and what we were doing.
///
/// The cache reacts to the kind of failure, not to the text: ``isCorruption`` means the file
/// must be moved aside and rebuilt, ``isStorageFailure`` that the disk cannot take more (or
/// will not be written at all), ``isBusy`` that another process held the lock too long.
struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_IOERR_WRITE`, `SQLITE_CORRUPT_VTAB`…); its low byte
    /// is the primary code.
    let code: Int32
    /// SQLite's message, e.g. `database disk image is malformed`.
    let message: String
    /// What was being done, e.g. `opening /home/ada/.cache/endless/pages.sqlite`.
    let context: String
    /// The operating system's error behind it (`EACCES`, `ENOSPC`…), 0 when there is none.
    let systemErrno: Int32
    /// The statement was stopped because it ran past its ``StatementBudget``: the file made
    /// it do far more than any file this cache writes could.
    private(set) var exceededBudget = false

    /// The primary result code (`SQLITE_IOERR` for `SQLITE_IOERR_WRITE`).
    var primaryCode: Int32 { code & 0xff }

    /// The file is damaged or is not a database at all.
    var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
    /// The disk is full, the file or its directory cannot be written, or the disk failed.
    var isStorageFailure: Bool {
        [SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM].contains(primaryCode)
    }
    /// The file is not what this cache writes: damaged (``isCorruption``), or making a
    /// statement run past its budget. Either way it is moved aside and rebuilt.
    var isDamage: Bool { isCorruption || exceededBudget }
    /// The statement was stopped on purpose (``SQLiteCancellation``) or by its budget.
    var isInterrupted: Bool { primaryCode == SQLITE_INTERRUPT }
    /// Another connection held a lock for longer than the busy timeout.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

    /// `opening /path: unable to open database file: Permission denied (SQLite code 14)`.
    var description: String {
        let name = sqlite3_errstr(code).map { String(cString: $0) } ?? "error"
        var detail = message.isEmpty ? name : message
        if systemErrno != 0, let reason = strerror(systemErrno) { detail += ": \(String(cString: reason))" }
        return "\(context): \(detail) (SQLite code \(code))"
    }

    /// An error from a result code, reading the connection's message if it has one.
    /// - Parameters:
    ///   - code: the result code a call returned.
    ///   - handle: the connection, for `sqlite3_errmsg`; nil when there is none yet.
    ///   - context: what was being done.
    init(code: Int32, handle: OpaquePointer?, context: String) {
        let extended = handle.map { sqlite3_extended_errcode($0) } ?? code
        // The connection's code can be stale when the call reported another; trust the call.
        self.code = (extended & 0xff) == (code & 0xff) ? extended : code
        self.message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
        self.context = context
        self.systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
    }

    /// The same error with another message.
    /// - Parameters:
    ///   - error: the error.
    ///   - message: the better message.
    init(_ error: SQLiteError, message: String) {
        self.code = error.code
        self.message = message
        self.context = error.context
        self.systemErrno = error.systemErrno
    }

    /// The same error, marked as a statement stopped by its ``StatementBudget``.
    /// - Parameter steps: the budget it ran past.
    func overBudget(steps: Int) -> SQLiteError {
        var error = SQLiteError(self, message: "a statement ran past its budget of \(steps) steps")
        error.exceededBudget = true
        return error
    }

    /// An error the layer itself raises.
    /// - Parameters:
    ///   - code: the closest SQLite result code.
    ///   - message: what was wrong.
    ///   - context: what was being done.
    init(code: Int32, message: String, context: String) {
        self.code = code
        self.message = message
        self.context = context
        self.systemErrno = 0
    }
}
