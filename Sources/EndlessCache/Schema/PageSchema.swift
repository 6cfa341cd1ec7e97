/// The page cache's tables, as a list of migrations (append a step to change them; never edit
/// a released one).
///
/// - `pages`: one row per cached page, addressed by feed, variant, the page's key (its JSON)
///   and the load size it was asked for; `body` is the page as its feed's codec writes it
///   (items and neighbour keys); `bytes` is what it counts against its feed's size limit; `fetched_at` is when the
///   network sent it (Unix seconds); `used` orders pages by last use, for eviction.
/// - `first_pages`: which page a refresh request (the first page, with or without a key)
///   last brought, so a relaunch opens on it. Deleting its page deletes it (foreign key).
/// - `feed_usage`: pages, items and bytes per feed, kept by triggers in the same transaction
///   as every change to `pages`, so the size check after a write is one row, and two
///   processes writing at once cannot make it drift.
/// - `positions` (2): where each feed's list was left, per variant: the key of the page and
///   the id of the item selected, so a relaunch opens there.
/// - (3) no new table: `body` holds each item as the service sent it (``RawJSONPageBodyCodec``),
///   and the pages of older builds are dropped.
/// - `favourites` (4): the items a person starred, per feed: each item as the service sent it
///   when it was starred, and when. Not pages: clearing the cache leaves them.
/// - (5) `favourites_ids`: the starred ids of each feed apart from their items, so counting a
///   feed's stars (before each new one, against ``PageCache/maximumStarred``) reads a few pages
///   of ids instead of every starred item's JSON.
enum PageSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1, summary: "pages, first pages and per-feed usage",
            sql: """
                CREATE TABLE pages (
                    id INTEGER PRIMARY KEY,
                    feed TEXT NOT NULL,
                    variant TEXT NOT NULL,
                    page_key TEXT NOT NULL,
                    load_size INTEGER NOT NULL,
                    body BLOB NOT NULL,
                    item_count INTEGER NOT NULL,
                    bytes INTEGER NOT NULL,
                    fetched_at REAL NOT NULL,
                    used INTEGER NOT NULL,
                    UNIQUE (feed, variant, page_key, load_size)
                );
                CREATE INDEX pages_by_use ON pages (feed, used);
                CREATE INDEX pages_last_use ON pages (used);
                CREATE TABLE first_pages (
                    feed TEXT NOT NULL,
                    variant TEXT NOT NULL,
                    request_key TEXT NOT NULL,
                    load_size INTEGER NOT NULL,
                    page_id INTEGER NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
                    PRIMARY KEY (feed, variant, request_key, load_size)
                ) WITHOUT ROWID;
                CREATE INDEX first_pages_by_page ON first_pages (page_id);
                CREATE TABLE feed_usage (
                    feed TEXT PRIMARY KEY,
                    pages INTEGER NOT NULL,
                    items INTEGER NOT NULL,
                    bytes INTEGER NOT NULL
                ) WITHOUT ROWID;
                CREATE TRIGGER pages_inserted AFTER INSERT ON pages BEGIN
                    INSERT INTO feed_usage (feed, pages, items, bytes) VALUES (NEW.feed, 1, NEW.item_count, NEW.bytes)
                    ON CONFLICT (feed) DO UPDATE SET
                        pages = pages + 1, items = items + NEW.item_count, bytes = bytes + NEW.bytes;
                END;
                CREATE TRIGGER pages_deleted AFTER DELETE ON pages BEGIN
                    UPDATE feed_usage SET pages = pages - 1, items = items - OLD.item_count, bytes = bytes - OLD.bytes
                    WHERE feed = OLD.feed;
                END;
                CREATE TRIGGER pages_replaced AFTER UPDATE OF item_count, bytes ON pages BEGIN
                    UPDATE feed_usage SET items = items - OLD.item_count + NEW.item_count, bytes = bytes - OLD.bytes + NEW.bytes
                    WHERE feed = NEW.feed;
                END;
                """),
        Migration(
            version: 2, summary: "where each list was left",
            sql: """
                CREATE TABLE positions (
                    feed TEXT NOT NULL,
                    variant TEXT NOT NULL,
                    page_key TEXT NOT NULL,
                    load_size INTEGER NOT NULL,
                    item_id TEXT NOT NULL,
                    saved_at REAL NOT NULL,
                    PRIMARY KEY (feed, variant)
                ) WITHOUT ROWID;
                """),
        // Pages written before 3 hold each item as the model re-encoded it (sorted keys,
        // fields the model did not know dropped, old randomuser shapes rewritten as v1.4), not
        // as the service sent it, which is all a page is now: they are forgotten, and the next
        // load of each asks the network. Where each list was left stays.
        Migration(
            version: 3, summary: "pages keep each item as the service sent it",
            sql: """
                DELETE FROM first_pages;
                DELETE FROM pages;
                """),
        Migration(
            version: 4, summary: "starred items",
            sql: """
                CREATE TABLE favourites (
                    feed TEXT NOT NULL,
                    item_id TEXT NOT NULL,
                    item BLOB NOT NULL,
                    starred_at REAL NOT NULL,
                    PRIMARY KEY (feed, item_id)
                ) WITHOUT ROWID;
                """),
        // The table's rows hold each item's JSON, about three to a page: counting them read
        // every one, a star costing 1-3 ms on the main thread once hundreds were starred.
        Migration(
            version: 5, summary: "an index of starred ids",
            sql: """
                CREATE INDEX favourites_ids ON favourites (feed, item_id);
                """),
    ]

    /// The version this build writes.
    static var latestVersion: Int { migrations.last?.version ?? 0 }
}
