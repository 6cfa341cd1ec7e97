import Foundation

/// Where a list was left, as the store keeps it: the page's key (its JSON) and load size, and
/// the selected item's id as text.
struct StoredPosition: Sendable, Equatable {
    let pageKey: String
    let loadSize: Int
    let itemID: String
}

/// One position per feed and variant: the last one saved wins.
extension PageCache {
    /// Records where a feed's list was left, replacing what was recorded before.
    /// - Parameters:
    ///   - position: the page and the item.
    ///   - feed: the feed's name.
    ///   - variant: the feed's variant.
    ///   - date: when (for `endless cache` and for a newer process to win).
    /// - Returns: whether it was written.
    @discardableResult
    func savePosition(_ position: StoredPosition, feed: String, variant: String, at date: Date) -> Bool {
        attempt(for: .write) { database, _ in
            try database.prepare(
                """
                INSERT INTO positions (feed, variant, page_key, load_size, item_id, saved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                ON CONFLICT (feed, variant) DO UPDATE SET
                    page_key = excluded.page_key, load_size = excluded.load_size, item_id = excluded.item_id,
                    saved_at = excluded.saved_at
                """
            ).run([
                .text(feed), .text(variant), .text(position.pageKey), .int(position.loadSize), .text(position.itemID),
                .real(date.timeIntervalSince1970),
            ])
            return true
        } ?? false
    }

    /// Where a feed's list was left, or nil.
    /// - Parameters:
    ///   - feed: the feed's name.
    ///   - variant: the feed's variant.
    /// - Returns: the position recorded last.
    func position(feed: String, variant: String) -> StoredPosition? {
        attempt { database, _ in
            try database.prepare("SELECT page_key, load_size, item_id FROM positions WHERE feed = ?1 AND variant = ?2")
                .firstRow([.text(feed), .text(variant)]) { row in
                    StoredPosition(pageKey: row.text(0) ?? "", loadSize: row.int(1), itemID: row.text(2) ?? "")
                }
        } ?? nil
    }
}
