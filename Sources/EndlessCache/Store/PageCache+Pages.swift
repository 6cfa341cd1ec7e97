import Foundation

/// Where a page lives in the store: its feed, the feed's variant (API root, filters), its key
/// as JSON, and the number of items it was asked for (a page of 20 is not a page of 50).
struct PageAddress: Sendable, Hashable {
    var feed: String
    var variant: String
    var key: String
    var loadSize: Int

    var parameters: [SQLiteValue] { [.text(feed), .text(variant), .text(key), .int(loadSize)] }
}

/// A page as the store keeps it: the encoded body and when the network sent it.
struct StoredPage: Sendable {
    let id: Int
    let body: Data
    let fetchedAt: Date
}

/// A row of `pages` as read: its body is nil when it was past ``PageCache/largestPage`` and
/// was not read.
private struct PageRow: Sendable {
    let id: Int
    let body: Data?
    let fetchedAt: Date
}

/// The page source's reads and writes: one page at a time, one transaction per write.
extension PageCache {
    /// The page at `address`, marked as just used (for eviction), or nil.
    /// - Parameter address: the page's feed, variant, key and size.
    /// - Returns: the stored page; nil when absent or when the cache cannot be read.
    func page(at address: PageAddress) -> StoredPage? {
        attempt { database, writable -> StoredPage? in
            let page = try database.prepare(
                """
                SELECT id, \(Self.bodyIfNotTooLarge), fetched_at FROM pages
                WHERE feed = ?1 AND variant = ?2 AND page_key = ?3 AND load_size = ?4
                """
            ).firstRow(address.parameters + [.int(Self.largestPage)], Self.storedPage)
            return try accepted(page, in: database, writable: writable)
        } ?? nil
    }

    /// The page a refresh with `address`'s key last brought, marked as just used, or nil.
    /// - Parameter address: the refresh request's feed, variant, key (JSON `null` for none)
    ///   and size.
    /// - Returns: the stored page; nil when there is none or the cache cannot be read.
    func firstPage(requestedAs address: PageAddress) -> StoredPage? {
        attempt { database, writable -> StoredPage? in
            let page = try database.prepare(
                """
                SELECT p.id, \(Self.bodyIfNotTooLarge), p.fetched_at FROM first_pages f JOIN pages p ON p.id = f.page_id
                WHERE f.feed = ?1 AND f.variant = ?2 AND f.request_key = ?3 AND f.load_size = ?4
                """
            ).firstRow(address.parameters + [.int(Self.largestPage)], Self.storedPage)
            return try accepted(page, in: database, writable: writable)
        } ?? nil
    }

    /// A page's body, or NULL when it is longer than `?5` bytes: the CASE reads the body's
    /// length from the row's header, and the body itself only when it is not too large, so
    /// a page made by hand with a 100 MB body is never loaded.
    private static let bodyIfNotTooLarge = "CASE WHEN length(body) <= ?5 THEN body END"

    /// A page just read, if it may be used: one whose body was too large to read is
    /// refused and deleted (the network brings it again), one that is fine is noted as read.
    private func accepted(_ row: PageRow?, in database: SQLiteDatabase, writable: Bool) throws(SQLiteError) -> StoredPage? {
        guard let row else { return nil }
        guard let body = row.body else {
            if writable { try database.prepare("DELETE FROM pages WHERE id = ?1").run([.int(row.id)]) }
            return nil
        }
        if writable { noteRead(row.id, in: database) }
        return StoredPage(id: row.id, body: body, fetchedAt: row.fetchedAt)
    }

    /// Stores a page the network sent, in one transaction: the page (replacing an older copy),
    /// for a refresh the record that it is the first page, then least-recently-used pages of
    /// the same feed until the feed fits its limit again. The page just written is never
    /// evicted, so a page larger than the whole limit is kept, alone; a page larger than
    /// ``largestPage`` is not stored at all.
    /// - Parameters:
    ///   - body: the page, encoded.
    ///   - itemCount: its items, for `endless cache`.
    ///   - address: where it lives.
    ///   - firstPageOf: the refresh request's key (JSON), when it answered a refresh.
    ///   - fetchedAt: when the network sent it.
    ///   - sizeLimit: the feed's limit in bytes.
    /// - Returns: whether it was stored (false: writes stopped, or the write failed).
    @discardableResult
    func store(
        _ body: Data, itemCount: Int, at address: PageAddress, firstPageOf requestKey: String?, fetchedAt: Date,
        sizeLimit: Int
    ) -> Bool {
        // Reads refuse such a row, so it is not written either (nor could it be: SQLite's
        // length limit is the same).
        let row = body.count + address.key.utf8.count + address.variant.utf8.count + address.feed.utf8.count
        guard row + (requestKey?.utf8.count ?? 0) <= Self.largestPage - Self.rowOverhead else { return false }
        return attempt(for: .write) { database, _ in
            let written = try database.transaction { () throws(SQLiteError) -> (total: Int, stamp: MeasuredTotals.Stamp)? in
                // The state of the file before this write's own statements: the feed's total
                // is trusted only if it was recorded against exactly this state.
                let before = try stamp(of: database)
                let known = measuredTotals.withLock { $0.bytes(of: address.feed, at: before) }
                try recordReads(in: database)  // recency only: no size changes
                guard
                    let total = try writePage(
                        body, itemCount: itemCount, at: address, firstPageOf: requestKey, fetchedAt: fetchedAt,
                        sizeLimit: sizeLimit, knownTotal: known, in: database)
                else { return nil }
                return (total, try stamp(of: database))
            }
            // Committed: the total holds for the file as this write left it.
            guard let written else { return false }
            measuredTotals.withLock { $0.record(written.total, of: address.feed, at: written.stamp) }
            return true
        } ?? false
    }

    private func stamp(of database: SQLiteDatabase) throws(SQLiteError) -> MeasuredTotals.Stamp {
        MeasuredTotals.Stamp(connection: database.serial, dataVersion: try database.dataVersion(), totalChanges: database.totalChanges)
    }

    /// The statements of ``store(_:itemCount:at:firstPageOf:fetchedAt:sizeLimit:)``, to run
    /// inside a transaction (the crash tests hold one open around them).
    /// - Parameter knownTotal: the feed's measured size before this write, when it is known
    ///   to hold (see ``MeasuredTotals``); nil measures every page of the feed.
    /// - Returns: the feed's measured size after the write and its evictions, or nil when the
    ///   page was not written.
    func writePage(
        _ body: Data, itemCount: Int, at address: PageAddress, firstPageOf requestKey: String?, fetchedAt: Date,
        sizeLimit: Int, knownTotal: Int? = nil, in database: SQLiteDatabase
    ) throws(SQLiteError) -> Int? {
        // What the page costs against the limit: its body and key, plus a row's overhead.
        let bytes = body.count + address.key.utf8.count + address.variant.utf8.count + Self.rowOverhead
        // A copy this write replaces leaves the total (measured, not read from `bytes`).
        let replaced =
            knownTotal == nil
            ? nil
            : try database.prepare(
                "SELECT \(Self.measuredBytes) FROM pages WHERE feed = ?1 AND variant = ?2 AND page_key = ?3 AND load_size = ?4"
            ).firstRow(address.parameters) { $0.int(0) }
        let written = try database.prepare(
            """
            INSERT INTO pages (feed, variant, page_key, load_size, body, item_count, bytes, fetched_at, used)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, (SELECT IFNULL(MAX(used), 0) + 1 FROM pages))
            ON CONFLICT (feed, variant, page_key, load_size) DO UPDATE SET
                body = excluded.body, item_count = excluded.item_count, bytes = excluded.bytes,
                fetched_at = excluded.fetched_at, used = excluded.used
            RETURNING id, \(Self.measuredBytes)
            """
        ).firstRow(
            address.parameters + [.blob(body), .int(itemCount), .int(bytes), .real(fetchedAt.timeIntervalSince1970)]
        ) { ($0.int(0), $0.int(1)) }
        guard let (id, size) = written else { return nil }
        if let requestKey {
            try database.prepare(
                """
                INSERT INTO first_pages (feed, variant, request_key, load_size, page_id) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (feed, variant, request_key, load_size) DO UPDATE SET page_id = excluded.page_id
                """
            ).run([.text(address.feed), .text(address.variant), .text(requestKey), .int(address.loadSize), .int(id)])
        }
        let total: Int
        if let knownTotal {
            total = knownTotal - (replaced ?? 0) + size
        } else {
            total = try measure(feed: address.feed, in: database)
        }
        return try evict(feed: address.feed, total: total, toFit: sizeLimit, keeping: id, in: database)
    }

    /// Deletes a page that no longer decodes (its item type changed since it was written).
    /// - Parameter id: the page's row.
    func removePage(_ id: Int) {
        _ = attempt(for: .write) { database, _ in try database.prepare("DELETE FROM pages WHERE id = ?1").run([.int(id)]) }
    }

    /// Writes a page's body again, in another form of the same page (see
    /// ``PageBodyCodec/isCurrentForm(_:)``); its fetch time, recency and key stay.
    /// - Parameters:
    ///   - id: the page's row.
    ///   - body: the page in its new form.
    func replaceBody(of id: Int, with body: Data) {
        _ = attempt(for: .write) { database, _ in
            // SET reads the row as it was: length(body) is the old body's.
            try database.prepare("UPDATE pages SET bytes = bytes - length(body) + ?2, body = ?3 WHERE id = ?1")
                .run([.int(id), .int(body.count), .blob(body)])
        }
    }

    /// A row's share of the file beyond its body and key: the other columns, the index
    /// entries, the b-tree cell. Measured, roughly, on the bench's pages.
    static let rowOverhead = 96

    /// Measures every page of the feed (see ``measuredBytes``).
    private func measure(feed: String, in database: SQLiteDatabase) throws(SQLiteError) -> Int {
        feedMeasurements.add(1, ordering: .relaxed)
        return try database.prepare("SELECT SUM(\(Self.measuredBytes)) FROM pages WHERE feed = ?1")
            .firstRow([.text(feed)]) { $0.int(0) } ?? 0
    }

    /// Deletes the feed's least recently used pages, oldest first, until the rest fit `limit`
    /// (the page just written, the newest, is never deleted): the largest run of most recently
    /// used pages that fits is kept. Each step is one lookup in the `(feed, used)` index.
    ///
    /// What a page takes is measured (``measuredBytes``), never read from the `bytes` column
    /// or `feed_usage`, which a file made by hand could set to anything.
    /// - Parameter total: the feed's measured size now.
    /// - Returns: its measured size after the evictions.
    private func evict(
        feed: String, total: Int, toFit limit: Int, keeping id: Int, in database: SQLiteDatabase
    ) throws(SQLiteError) -> Int {
        var total = total
        guard total > limit else { return total }
        let oldest = try database.prepare(
            "SELECT id, \(Self.measuredBytes) FROM pages WHERE feed = ?1 AND id != ?2 ORDER BY used, id LIMIT 1")
        let delete = try database.prepare("DELETE FROM pages WHERE id = ?1")
        while total > limit, let (victim, size) = try oldest.firstRow([.text(feed), .int(id)], { ($0.int(0), $0.int(1)) }) {
            try delete.run([.int(victim)])
            total -= size
        }
        return total
    }

    /// What a row of `pages` takes, measured in SQL: its body, key and variant as stored, and
    /// ``rowOverhead``. `length()` of a blob reads the size from the row's header, not the
    /// bytes; the key and variant are short text.
    static let measuredBytes = "length(body) + length(CAST(page_key AS BLOB)) + length(CAST(variant AS BLOB)) + \(rowOverhead)"

    /// The most reads kept unrecorded: past it, a read records them all itself.
    static let unrecordedReadLimit = 64

    /// Notes that a page was read. Its recency is written with the next write, inside that
    /// write's transaction and before its eviction, which is the only thing that reads it; a
    /// read itself writes nothing. A write transaction of its own would cost each read the
    /// write lock (waiting, up to the busy timeout, for another process's write) and a log
    /// append: half a millisecond of the first read at launch. Only after
    /// ``unrecordedReadLimit`` reads with no write does a read record them.
    private func noteRead(_ id: Int, in database: SQLiteDatabase) {
        let due = unrecordedReads.withLock { reads in
            reads.append(id)
            return reads.count >= Self.unrecordedReadLimit
        }
        // Recency is a hint: a busy or full disk must not turn a hit into a miss.
        if due { try? database.transaction { try recordReads(in: database) } }
    }

    /// Marks the pages read since the last write as the most recently used, in the order they
    /// were read. Inside a transaction; if it rolls back, the reads are lost, which costs
    /// only recency.
    func recordReads(in database: SQLiteDatabase) throws(SQLiteError) {
        let reads = unrecordedReads.withLock { reads in
            defer { reads.removeAll() }
            return reads
        }
        let touch = try database.prepare("UPDATE pages SET used = (SELECT MAX(used) FROM pages) + 1 WHERE id = ?1")
        for id in reads { try touch.run([.int(id)]) }
    }

    private static func storedPage(_ row: SQLiteRow) -> PageRow {
        PageRow(id: row.int(0), body: row.blob(1), fetchedAt: Date(timeIntervalSince1970: row.double(2)))
    }
}
