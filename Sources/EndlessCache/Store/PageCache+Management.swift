import Foundation

/// What `endless cache` does: list what each feed keeps, clear one feed or all.
extension PageCache {
    /// What each feed keeps, by feed name. A cache that was never created lists nothing (and
    /// is not created by asking).
    /// - Returns: one entry per feed with pages, sorted by name.
    /// - Throws: ``PageCacheError`` when the file cannot be opened or read.
    public func usage() throws(PageCacheError) -> [FeedCacheUsage] {
        try use(opening: false) { database, _ in
            // Sizes are measured, not read from the counts the file keeps (which a file made
            // by hand can set to anything); length() of a blob reads its size, not its bytes.
            try database.prepare(
                """
                SELECT feed, COUNT(*), SUM(item_count), SUM(\(Self.measuredBytes)), MIN(fetched_at), MAX(fetched_at)
                FROM pages GROUP BY feed ORDER BY feed
                """
            ).rows { row in
                FeedCacheUsage(
                    feed: row.text(0) ?? "", pages: row.int(1), items: row.int(2), bytes: row.int(3),
                    oldestFetch: Date(timeIntervalSince1970: row.double(4)),
                    newestFetch: Date(timeIntervalSince1970: row.double(5)))
            }
        }.get() ?? []
    }

    /// Deletes every page of one feed (all its variants) and where its lists were left, then
    /// gives the space back to the file system.
    /// - Parameter feed: the feed's name, as in ``FeedCacheUsage/feed``.
    /// - Returns: the pages deleted; 0 for a feed with none.
    /// - Throws: ``PageCacheError`` when the file cannot be opened or written.
    @discardableResult
    public func clear(feed: String) throws(PageCacheError) -> Int {
        try clear(where: "WHERE feed = ?1", [.text(feed)])
    }

    /// Deletes every page of every feed, and the damaged files kept aside
    /// (`pages.sqlite.corrupt`, see `DamagedFile`), then gives the space back to the file system.
    /// - Returns: the pages deleted.
    /// - Throws: ``PageCacheError`` when the file cannot be opened or written.
    @discardableResult
    public func clearAll() throws(PageCacheError) -> Int {
        DamagedFile.removeCopies(of: fileURL.path)
        return try clear(where: "", [])
    }

    private func clear(where condition: String, _ parameters: [SQLiteValue]) throws(PageCacheError) -> Int {
        // Clearing is a person's explicit ask: it goes ahead even after writes stopped for the
        // page source (deleting is what frees a full disk), so it is not a `.write` use.
        try use(opening: false) { database, _ in
            let deleted = try database.transaction { () throws -> Int in
                try database.prepare("DELETE FROM pages \(condition)").run(parameters)
                let deleted = database.changes
                try database.prepare("DELETE FROM feed_usage \(condition)").run(parameters)
                try database.prepare("DELETE FROM positions \(condition)").run(parameters)
                return deleted
            }
            try database.compact()
            return deleted
        }.get() ?? 0
    }
}
