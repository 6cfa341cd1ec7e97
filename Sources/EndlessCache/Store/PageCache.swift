import EndlessShared
import Foundation
import Synchronization

/// Pages of every feed, kept on disk in one SQLite file that every `endless` process shares:
/// the store behind ``CachedPageSource``.
///
/// One per app, shared by every feed's source:
/// ```swift
/// let cache = PageCache(onNotice: { notice in printToStderr("endless: \(notice)") })
/// let people = CachedPageSource(source, cache: cache, feed: "people", policy: .neverStale)
/// for usage in try cache.usage() { print(usage.feed, usage.pages, usage.bytes) }   // endless cache
/// try cache.clear(feed: "people")                                                   // endless cache clear people
/// ```
///
/// - The file is opened on first use (so creating a cache costs nothing), in WAL mode with a
///   busy timeout, and brought to the current schema: a cost that does not grow with the
///   file. A file that is not a database or was cut short fails there.
/// - Then `PRAGMA quick_check` reads the whole file, on a low-priority thread and a read-only
///   connection of its own (see `IntegrityCheck`); the launch's first pages do not wait
///   for it. Damage it finds is acted on by the next use of the cache.
/// - The file is not trusted: it is opened defensively, its schema must be exactly the one
///   the migrations make (`SchemaCheck`), every statement has a budget
///   (`StatementBudget`), no value longer than ``largestPage`` is read or written, and
///   sizes are measured (`length(body)`), not read from a count the file keeps. A file that
///   fails any of these is damage.
/// - Faults never reach the feeds: a damaged file (found at open, by the check, or by any
///   statement) is moved aside (`pages.sqlite.corrupt`) and rebuilt; a directory that cannot
///   be written, or a file from a newer version, means no cache for this run; a full disk
///   stops writes while cached pages are still served. Each is reported once through
///   `onNotice`, as one line.
/// - When the cache is closed (``close()``) or goes away, a check still running is stopped
///   and waited for (it stops within microseconds of running), so no connection outlives
///   the cache's own, and that one, closing last, folds the log into the file.
/// - Every page is written in one transaction, so a process killed mid-write loses at most
///   that page.
///
/// Its calls are synchronous and short (a page read or write is well under a millisecond on
/// a warm file); the page source calls them from its loading tasks, never from the main actor.
public final class PageCache: Sendable {
    /// `pages.sqlite`.
    public static let defaultFileName = "pages.sqlite"
    /// How long a statement waits for another process's write lock: 5 s, far more than any
    /// page write takes, so two `endless` processes never see each other as errors.
    static let defaultBusyTimeout: Duration = .seconds(5)

    /// `$XDG_CACHE_HOME/endless`, or `~/.cache/endless` when `XDG_CACHE_HOME` is unset or not
    /// absolute (as the XDG Base Directory spec requires): the folder the image cache's
    /// `images/` lives in too.
    /// - Parameter environment: the environment to read (the process's by default).
    /// - Returns: the folder; it is created on first use.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        CacheFolder.endless(environment: environment)
    }

    /// The largest page kept, and the longest value the file may hold: 8 MiB, a feed's whole
    /// default share (a page of 500 people is about 600 KiB). A larger page is not stored;
    /// a stored one past it (a file made by hand) is refused unread and deleted.
    public static let largestPage = SQLiteDatabase.Options.defaultLargestValue

    /// The database file: `<directory>/pages.sqlite`. SQLite keeps `-wal` and `-shm` beside it.
    public let fileURL: URL
    let onNotice: @Sendable (CacheNotice) -> Void
    let migrations: [Migration]
    /// What the migrations make, checked against the file at every open.
    let schemaCheck: SchemaCheck
    let busyTimeout: Duration
    /// Hears what the background checks do; tests hold a check at a known point with it.
    let observeIntegrityCheck: @Sendable (IntegrityCheck.Event) -> Void
    /// How long a check waits before it reads (see ``IntegrityCheck/launchDelay``).
    let integrityCheckDelay: Duration
    let state = Mutex(StoreState())
    /// Pages read since the last write, oldest first: their recency is written with the next
    /// write (see ``noteRead(_:in:)``).
    let unrecordedReads = Mutex<[Int]>([])
    /// Each feed's size as last measured, carried from write to write (see ``MeasuredTotals``).
    let measuredTotals = Mutex(MeasuredTotals())
    /// How many times a write measured every page of its feed (for tests: once, not per write).
    let feedMeasurements = Atomic<Int>(0)

    /// Creates a cache over `directory`; nothing is opened or created until first used.
    /// - Parameters:
    ///   - directory: where the file lives; ``defaultDirectory(environment:)`` by default.
    ///   - fileName: the file's name; ``defaultFileName`` by default.
    ///   - onNotice: hears each ``CacheNotice`` once, on whichever thread met the fault.
    public convenience init(
        directory: URL = defaultDirectory(), fileName: String = defaultFileName,
        onNotice: @escaping @Sendable (CacheNotice) -> Void = { _ in }
    ) {
        self.init(
            fileURL: directory.appendingPathComponent(fileName), migrations: PageSchema.migrations,
            busyTimeout: Self.defaultBusyTimeout, onNotice: onNotice, integrityCheckDelay: IntegrityCheck.launchDelay)
    }

    /// The full initializer, for tests: another schema history, another timeout, a watch on
    /// the background check and no wait before it.
    init(
        fileURL: URL, migrations: [Migration], busyTimeout: Duration,
        onNotice: @escaping @Sendable (CacheNotice) -> Void,
        observeIntegrityCheck: @escaping @Sendable (IntegrityCheck.Event) -> Void = { _ in },
        integrityCheckDelay: Duration = .zero
    ) {
        self.fileURL = fileURL
        self.migrations = migrations
        self.schemaCheck = SchemaCheck(migrations: migrations)
        self.busyTimeout = busyTimeout
        self.onNotice = onNotice
        self.observeIntegrityCheck = observeIntegrityCheck
        self.integrityCheckDelay = integrityCheckDelay
    }

    // The checks' connections close first, so that the cache's own, closing last (as the
    // stored state goes), checkpoints the WAL into the file and removes it, as SQLite does
    // for the last connection. A cancelled check stops within microseconds of running.
    deinit {
        Self.stop(state.withLock { $0.checks })
    }

    /// What the background check of the open file concluded, waiting for it if it still
    /// runs; nil when the open file has no check (this cache created it, or nothing is open).
    /// For tests: the cache acts on the outcome by itself.
    /// - Returns: the outcome.
    func waitForIntegrityCheck() async -> IntegrityCheck.Outcome? {
        guard let check = state.withLock({ $0.check }) else { return nil }
        return await check.outcome()
    }

    /// How many background checks this cache has made (each runs at most once).
    var integrityChecksMade: Int { state.withLock { $0.checks.count } }

    /// Whether the cache can be used, opening it if this is the first use: the answer the
    /// status bar needs before any page has loaded.
    public var availability: CacheAvailability {
        switch use({ _, writable in writable }) {
        case .success(let writable): writable == false ? .readOnly : .available
        case .failure(.unavailable(_, let reason)): .unavailable(reason: reason)
        case .failure: .available
        }
    }

    /// What is known of ``availability`` without opening the file: `available` until a first
    /// use has said otherwise.
    var knownAvailability: CacheAvailability {
        state.withLock { state in
            switch state.phase {
            case .closed: .available
            case .open(_, let writable): writable ? .available : .readOnly
            case .unavailable(let reason): .unavailable(reason: reason)
            }
        }
    }

    /// The bytes the cache takes on disk: the database file and its write-ahead log.
    public var fileSize: Int {
        [fileURL.path, fileURL.path + "-wal"].reduce(0) { total, path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            return total + (size ?? 0)
        }
    }
}

/// Whether a ``PageCache`` can be used.
public enum CacheAvailability: Sendable, Equatable {
    /// Pages are read and written.
    case available
    /// Pages are read, but no longer written (the disk is full, or the file turned read-only).
    case readOnly
    /// The cache cannot be used this run; pages come from the network only.
    case unavailable(reason: String)
}
