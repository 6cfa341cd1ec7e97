import CSQLite

extension SQLiteDatabase {
    /// Runs `body` in one write transaction: all of it is committed, or none of it.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock at the start (waiting up to the busy timeout if
    /// another process holds it), so a transaction never fails halfway because a reader in
    /// another process turned writer first, the classic `SQLITE_BUSY` of deferred transactions.
    /// When `body` throws, or the commit fails, everything is rolled back.
    /// - Parameter body: the statements to run together.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or ``SQLiteError`` from begin or commit.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            // After some errors (a full disk) SQLite has rolled back already; that is fine.
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }

    /// Moves committed pages from the WAL into the database file and truncates the WAL to
    /// zero bytes, then returns the free pages of incremental auto-vacuum to the file system:
    /// after a clear, the files on disk shrink.
    /// - Throws: ``SQLiteError``.
    func compact() throws(SQLiteError) {
        try execute("PRAGMA incremental_vacuum")
        // Busy readers in another process may keep part of the WAL; the checkpoint then does
        // what it can, which is not an error.
        _ = try prepare("PRAGMA wal_checkpoint(TRUNCATE)").firstRow { $0.int(0) }
    }
}
