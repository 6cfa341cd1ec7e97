import CSQLite
import Foundation

/// SQLite copies bound text and blobs at once (`SQLITE_TRANSIENT`), so the Swift buffers may go
/// away as soon as the bind returns. The C macro is a cast of -1, which Swift does not import.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, compiled once and run many times with new parameters.
///
/// ``SQLiteDatabase/prepare(_:)`` keeps one per SQL text, so the cache's hot paths (read a
/// page, write a page) never parse SQL again. A statement is owned by its connection and, like
/// it, is used by one thread at a time.
final class SQLiteStatement {
    let sql: String
    private let handle: OpaquePointer
    /// The connection, for its error messages.
    private let connection: OpaquePointer
    /// The connection's budget, renewed each time the statement runs.
    private let watch: StatementWatch

    init(sql: String, handle: OpaquePointer, connection: OpaquePointer, watch: StatementWatch) {
        self.sql = sql
        self.handle = handle
        self.connection = connection
        self.watch = watch
    }

    deinit { sqlite3_finalize(handle) }

    /// Runs the statement to completion with `parameters` and discards any rows.
    /// - Parameter parameters: the values of `?1`, `?2`…, in order.
    /// - Throws: ``SQLiteError`` from binding or stepping.
    func run(_ parameters: [SQLiteValue] = []) throws(SQLiteError) {
        try bind(parameters)
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    /// Runs the statement and reads every row.
    /// - Parameters:
    ///   - parameters: the values of `?1`, `?2`…, in order.
    ///   - read: turns the current row into a value; it must not keep the row.
    /// - Returns: the rows, in the order SQLite produced them.
    /// - Throws: ``SQLiteError`` from binding or stepping.
    func rows<Row>(_ parameters: [SQLiteValue] = [], _ read: (SQLiteRow) -> Row) throws(SQLiteError) -> [Row] {
        try bind(parameters)
        defer { sqlite3_reset(handle) }
        var rows: [Row] = []
        while try step() { rows.append(read(SQLiteRow(handle: handle))) }
        return rows
    }

    /// Runs the statement and reads its first row, if any.
    /// - Parameters:
    ///   - parameters: the values of `?1`, `?2`…, in order.
    ///   - read: turns the row into a value.
    /// - Returns: the first row, or nil when there is none.
    /// - Throws: ``SQLiteError`` from binding or stepping.
    func firstRow<Row>(_ parameters: [SQLiteValue] = [], _ read: (SQLiteRow) -> Row) throws(SQLiteError) -> Row? {
        try bind(parameters)
        defer { sqlite3_reset(handle) }
        guard try step() else { return nil }
        return read(SQLiteRow(handle: handle))
    }

    private func bind(_ parameters: [SQLiteValue]) throws(SQLiteError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        watch.startStatement()
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard parameters.count == expected else {
            throw SQLiteError(
                code: SQLITE_RANGE, message: "\(parameters.count) parameters for \(expected) placeholders",
                context: "binding \(sql)")
        }
        for (offset, value) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let result: Int32
            switch value {
            case .integer(let integer): result = sqlite3_bind_int64(handle, index, integer)
            case .real(let real): result = sqlite3_bind_double(handle, index, real)
            case .text(let text): result = sqlite3_bind_text(handle, index, text, -1, transient)
            case .blob(let data):
                result = data.withUnsafeBytes { bytes in
                    // An empty Data may have no base address; SQLite needs a non-null pointer
                    // for a zero-length blob (null would bind NULL).
                    sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), transient)
                }
            case .null: result = sqlite3_bind_null(handle, index)
            }
            guard result == SQLITE_OK else { throw SQLiteError(code: result, handle: connection, context: "binding parameter \(index) of \(sql)") }
        }
    }

    /// Steps once: true when a row is ready, false when the statement is done.
    private func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = SQLiteError(code: code, handle: connection, context: "running \(sql)")
            throw watch.exceeded ? error.overBudget(steps: watch.steps) : error
        }
    }
}

/// The current row of a running statement, valid only inside the `read` closure.
struct SQLiteRow {
    let handle: OpaquePointer

    /// Column `index` (from 0) as an integer; 0 for NULL.
    func int(_ index: Int32) -> Int { Int(sqlite3_column_int64(handle, index)) }

    /// Column `index` as a real; 0 for NULL.
    func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }

    /// Column `index` as text; nil for NULL.
    func text(_ index: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: bytes)
    }

    /// Column `index` as bytes; nil for NULL, empty for a zero-length blob.
    func blob(_ index: Int32) -> Data? {
        if sqlite3_column_type(handle, index) == SQLITE_NULL { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}
