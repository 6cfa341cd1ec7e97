import Foundation

/// One starred item as the cache keeps it: its id, the item as the service sent it when it was
/// starred (JSON), and when.
public struct StarredItem: Sendable, Equatable {
    /// The item's id, as text.
    public let id: String
    /// The item's JSON, as the service sent it.
    public let json: Data
    /// When it was starred.
    public let starredAt: Date
}

/// The items a person starred, per feed, in the cache's file (`favourites`, schema 4): they
/// survive a relaunch, and clearing the cache's pages leaves them.
extension PageCache {
    /// The most items one feed keeps starred; starring more fails.
    public static let maximumStarred = 1000
    /// The largest item kept, in bytes.
    public static let maximumStarredItemBytes = 256 * 1024

    /// Stars an item of `feed`, or, when it is starred, keeps its newer JSON.
    /// - Parameters:
    ///   - id: the item's id, as text.
    ///   - json: the item as the service sent it.
    ///   - feed: the feed's name.
    ///   - date: when.
    /// - Returns: whether it was written (not when the cache cannot be written, the feed has
    ///   ``maximumStarred`` already, or the item is larger than ``maximumStarredItemBytes``).
    @discardableResult
    public func star(id: String, json: Data, feed: String, at date: Date = Date()) -> Bool {
        guard json.count <= Self.maximumStarredItemBytes else { return false }
        return attempt(for: .write) { database, _ in
            let count = try database.prepare(Self.countOthersStarred).firstRow([.text(feed), .text(id)]) { $0.int(0) } ?? 0
            guard count < Self.maximumStarred else { return false }
            try database.prepare(
                """
                INSERT INTO favourites (feed, item_id, item, starred_at) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (feed, item_id) DO UPDATE SET item = excluded.item
                """
            ).run([.text(feed), .text(id), .blob(json), .real(date.timeIntervalSince1970)])
            return true
        } ?? false
    }

    /// How many items of a feed (?1) other than one (?2) are starred: read from the index of
    /// starred ids (schema 5), not from the rows, which hold each item's JSON.
    static let countOthersStarred = "SELECT COUNT(*) FROM favourites WHERE feed = ?1 AND item_id != ?2"

    /// Unstars an item of `feed`.
    /// - Returns: whether it was starred and is no longer.
    @discardableResult
    public func unstar(id: String, feed: String) -> Bool {
        attempt(for: .write) { database, _ in
            try database.prepare("DELETE FROM favourites WHERE feed = ?1 AND item_id = ?2").run([.text(feed), .text(id)])
            return database.changes > 0
        } ?? false
    }

    /// Whether an item of `feed` is starred.
    public func isStarred(id: String, feed: String) -> Bool {
        attempt { database, _ in
            try database.prepare("SELECT 1 FROM favourites WHERE feed = ?1 AND item_id = ?2")
                .firstRow([.text(feed), .text(id)]) { _ in true } ?? false
        } ?? false
    }

    /// The items of `feed` starred, the first starred first.
    public func starred(feed: String) -> [StarredItem] {
        attempt { database, _ in
            try database.prepare("SELECT item_id, item, starred_at FROM favourites WHERE feed = ?1 ORDER BY starred_at, item_id")
                .rows([.text(feed)]) { row in
                    StarredItem(
                        id: row.text(0) ?? "", json: row.blob(1) ?? Data(), starredAt: Date(timeIntervalSince1970: row.double(2)))
                }
        } ?? []
    }

    /// How many items each feed has starred, by feed name; a cache never created has none
    /// (and is not created by asking).
    /// - Throws: ``PageCacheError`` when the file cannot be opened or read.
    public func starredCounts() throws(PageCacheError) -> [String: Int] {
        let counts =
            try use(opening: false) { database, _ in
                try database.prepare("SELECT feed, COUNT(*) FROM favourites GROUP BY feed").rows { ($0.text(0) ?? "", $0.int(1)) }
            }.get() ?? []
        return Dictionary(counts, uniquingKeysWith: +)
    }
}
