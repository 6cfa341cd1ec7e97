extension PageCache {
    /// Opens the file now, if no use has opened it yet (creating it if need be).
    ///
    /// Opening connects, sets the file up and migrates it: about a millisecond on a cold start.
    /// An app calls this on another thread at launch while it sets up its screen, so the first
    /// page read finds the file open. Calling it again, or after another use, does nothing.
    /// The background `PRAGMA quick_check` of a file that held pages starts as it returns.
    public func prepare() {
        _ = use { _, _ in }
    }

    /// Closes the file for the rest of the process: later reads find nothing and writes are
    /// skipped, silently.
    ///
    /// Call it when the app is done with the cache. The recency of pages read since the last
    /// write is recorded first. The last connection to close checkpoints
    /// the write-ahead log into the file and deletes it; a process that exits with the
    /// connection open leaves its log behind, and the next launch replays it before its first
    /// read (a log of a thousand pages took 1.8 ms, more than the read itself). A use running
    /// on another thread finishes first, and a background check still running is stopped
    /// and waited for, so that the cache's connection is the last one out.
    public func close() {
        if unrecordedReads.withLock({ !$0.isEmpty }) {
            _ = use(opening: false, for: .write) { database, _ in try database.transaction { try recordReads(in: database) } }
        }
        let (database, checks): (SQLiteDatabase?, [IntegrityCheck]) = state.withLock { state in
            defer {
                state.phase = .unavailable(reason: "the cache was closed")
                state.check = nil
            }
            guard case .open(let database, _) = state.phase else { return (nil, state.checks) }
            return (database, state.checks)
        }
        Self.stop(checks)
        // The last reference: its deinit closes the connection, outside the lock, after the
        // checks' connections have closed.
        withExtendedLifetime(database) {}
    }

    /// Stops the checks and waits until each has closed its connection; a cancelled check
    /// stops within microseconds of its thread running (at the lowest priority, on a busy
    /// machine, that may wait for a turn of the processor).
    /// - Parameter checks: the checks a cache made.
    static func stop(_ checks: [IntegrityCheck]) {
        for check in checks { check.cancel() }
        for check in checks { check.waitUntilFinished() }
    }
}
