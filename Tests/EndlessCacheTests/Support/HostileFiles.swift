import CSQLite
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// Cache files made by hand, as anyone who can write the cache folder could make them: a
/// plain SQLite connection (no defences, no length limit) runs whatever SQL a test gives.
enum HostileFiles {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `sql` on the file at `url` with a plain connection.
    static func rewrite(_ url: URL, _ sql: String) throws {
        var handle: OpaquePointer?
        guard sqlite3_open(url.path, &handle) == SQLITE_OK, let handle else { throw Failure(description: "cannot open \(url.path)") }
        defer { sqlite3_close(handle) }
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            throw Failure(description: "\(sql): \(message.map { String(cString: $0) } ?? "error \(result)")")
        }
    }

    /// `pages` as a view whose query never ends: a recursive count that never meets its
    /// condition. Reading it, the old cache spun at full CPU for good.
    static let endlessView = """
        PRAGMA foreign_keys = OFF;
        DROP TABLE pages;
        CREATE VIEW pages (id, feed, variant, page_key, load_size, body, item_count, bytes, fetched_at, used) AS
            WITH RECURSIVE forever(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM forever)
            SELECT n, 'rows', '', 'null', 20, x'', 0, 0, 0, n FROM forever WHERE n < 0;
        """

    /// A trigger of the file's own, run on every page written.
    static let foreignTrigger = """
        CREATE TRIGGER pages_spy AFTER INSERT ON pages BEGIN
            INSERT INTO positions (feed, variant, page_key, load_size, item_id, saved_at)
            VALUES ('spy', NEW.variant, NEW.page_key, 0, '', 0);
        END;
        """

    /// `pages` with other columns: the statements of the cache fail on it.
    static let wrongColumns = """
        PRAGMA foreign_keys = OFF;
        DROP TABLE pages;
        CREATE TABLE pages (id INTEGER PRIMARY KEY, feed TEXT, payload BLOB);
        """

    /// A table more than ours.
    static let extraTable = "CREATE TABLE notes (text TEXT);"

    /// A table fewer.
    static let missingTable = "DROP TABLE positions;"

    /// The peak resident memory of this process, in bytes.
    static var peakResidentBytes: Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}
