/// Each feed's measured size, kept from one page write to the next so that a write does not
/// measure every page of its feed again.
///
/// The cache measures what a feed takes (`length(body)` of each row) rather than trusting the
/// file's own counts, because the file is not trusted. Measuring every page at every write made
/// a write cost as much as the feed had pages: over a long session, a held `j` grew 10 %
/// dearer (issue 29). A total measured once is now carried from write to write by what each
/// write adds and evicts, and trusted only while nothing else has changed the file:
/// - ``Stamp/dataVersion`` is the connection's `PRAGMA data_version`, which moves when any
///   other connection (another `endless`, or another cache in this process) commits;
/// - ``Stamp/totalChanges`` is `sqlite3_total_changes`, which moves with every row any
///   statement of this connection changes (triggers included): a page deleted by a read, a
///   body replaced, a feed cleared, another feed's write.
///
/// A write that finds either moved measures the feed again, as every write did before. A total
/// is recorded only after its transaction commits, so a rolled-back write leaves none behind.
struct MeasuredTotals: Sendable {
    /// The state of the file a total was measured against.
    struct Stamp: Equatable, Sendable {
        /// Which connection (a serial number, never reused): a total belongs to one.
        var connection: Int
        var dataVersion: Int
        var totalChanges: Int
    }

    private var totals: [String: (bytes: Int, stamp: Stamp)] = [:]

    /// The feed's total, if it was recorded against exactly `stamp`.
    func bytes(of feed: String, at stamp: Stamp) -> Int? {
        guard let entry = totals[feed], entry.stamp == stamp else { return nil }
        return entry.bytes
    }

    /// Records `bytes` as the feed's total as of `stamp`. A total recorded against any other
    /// state of the file is dropped: it can never match again.
    mutating func record(_ bytes: Int, of feed: String, at stamp: Stamp) {
        totals = totals.filter { $0.value.stamp == stamp }
        totals[feed] = (bytes, stamp)
    }
}
