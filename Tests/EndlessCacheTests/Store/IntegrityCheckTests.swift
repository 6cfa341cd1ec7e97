import CSQLite
import Endless
import EndlessTesting
import Foundation
import Testing

@testable import EndlessCache

/// The `PRAGMA quick_check` that runs beside the cache after it opens: it never holds up a
/// use, runs once per file, and stops cleanly with the cache. (What it finds, and how the
/// cache rebuilds, is in ``DamagedFileTests``.)
@Suite("The background integrity check", .timeLimit(TimeBudget.minutes(1)))
struct IntegrityCheckTests {
    static func request(_ key: Int?) -> PageRequest<Int> {
        PageRequest(direction: key == nil ? .refresh : .append, key: key, loadSize: 20)
    }

    static func walPath(_ directory: TemporaryDirectory) -> String { directory.databaseURL.path + "-wal" }

    @Test("pages are read and written while the check is held in its read transaction; it runs at the lowest priority and passes")
    func usesDoNotWait() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        let gate = CheckGate()
        let cache = PageCacheFixtures.cache(in: directory, gate: gate)
        let network = NetworkSource()
        let rows = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        let others = CachedPageSource(network, cache: cache, feed: "others", policy: .neverStale)

        // Were the first page to wait for the check, it would wait for the gate's deadline.
        let first = try await rows.load(Self.request(nil))
        await gate.arrival()
        let cached = try await rows.load(Self.request(1))
        _ = try await others.load(Self.request(1))
        let stored = try await others.load(Self.request(1))

        #expect(!gate.timedOut, "a use waited for the check")
        #expect(first.items.count == 20 && cached.items.count == 20 && stored.items.count == 20)
        #expect(network.requestCount == 1, "the cached pages, and the page just stored, come from the cache")
        gate.open()
        #expect(await cache.waitForIntegrityCheck() == .passed)
        #expect(gate.niceness == IntegrityCheck.niceness)
    }

    @Test("one check per file, however many feeds and calls (prepare first) use the cache; none for a file the cache created")
    func runsOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        let gate = CheckGate()
        gate.open()
        let cache = PageCacheFixtures.cache(in: directory, gate: gate)
        let network = NetworkSource()
        let rows = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        let others = CachedPageSource(network, cache: cache, feed: "others", policy: .neverStale)

        await Task.detached { cache.prepare() }.value
        #expect(cache.availability == .available)
        for key in [nil, 1, 2] as [Int?] {
            _ = try await rows.load(Self.request(key))
            _ = try await others.load(Self.request(key))
        }
        #expect(await cache.waitForIntegrityCheck() == .passed)
        _ = try await rows.load(Self.request(3))
        #expect(try cache.usage().count == 2)
        #expect(await cache.waitForIntegrityCheck() == .passed)

        #expect(gate.arrivals == 1)
        #expect(cache.integrityChecksMade == 1)
        #expect(!gate.timedOut, "a second check was held")

        let fresh = try TemporaryDirectory()
        defer { fresh.remove() }
        let new = PageCacheFixtures.cache(in: fresh, gate: gate)
        _ = try await CachedPageSource(network, cache: new, feed: "rows", policy: .neverStale).load(Self.request(nil))
        #expect(await new.waitForIntegrityCheck() == nil)
        #expect(new.integrityChecksMade == 0)
    }

    @Test("damage a statement meets while the check is held rebuilds at once, without waiting for the check, which is dropped")
    func statementDamageDuringCheck() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        let gate = CheckGate()
        let notices = NoticeLog()
        let cache = PageCacheFixtures.cache(in: directory, notices: notices, gate: gate)
        #expect(cache.availability == .available)
        await gate.arrival()
        let held = try #require(cache.state.withLock { $0.check })

        let failed = cache.use { _, _ -> Int in
            throw SQLiteError(code: SQLITE_CORRUPT, message: "database disk image is malformed", context: "reading a page")
        }

        #expect(throws: PageCacheError.self) { try failed.get() }
        #expect(notices.kinds == [.rebuilt])
        #expect(await cache.waitForIntegrityCheck() == nil, "the rebuilt, empty file needs no check")
        let network = NetworkSource()
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale)
        _ = try await source.load(Self.request(1))
        _ = try await source.load(Self.request(1))
        #expect(network.requestCount == 1)
        gate.open()
        #expect(await held.outcome() == .abandoned("cancelled"))
        #expect(cache.integrityChecksMade == 1)
        #expect(notices.kinds == [.rebuilt])
        #expect(!gate.timedOut, "the use waited for the check")
    }

    /// How a cache ends.
    enum Ending: String, CaseIterable, CustomStringConvertible {
        /// ``PageCache/close()``, as the browser does when it ends.
        case closed
        /// The last reference dropped.
        case released

        var description: String { rawValue }
    }

    @Test(
        "a cache closed or released during its check stops it and waits for it: its own connection is the last out, so the log is folded away",
        arguments: Ending.allCases)
    func endingDuringCheck(_ ending: Ending) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        // Held until the cache waits for it: a cache that did not wait would be done first.
        let gate = CheckGate(opensWhenAwaited: true)
        let check: IntegrityCheck?
        do {
            let cache = PageCacheFixtures.cache(in: directory, gate: gate)
            let source = CachedPageSource(NetworkSource(), cache: cache, feed: "rows", policy: .neverStale)
            // Served from the cache; its recency is written at close.
            _ = try await source.load(Self.request(nil))
            await gate.arrival()
            check = cache.state.withLock { $0.check }
            #expect(FileManager.default.fileExists(atPath: Self.walPath(directory)))
            if ending == .closed {
                cache.close()
                #expect(check?.finishedOutcome == .abandoned("cancelled"), "close returned before the check finished")
            }
        }

        #expect(check?.finishedOutcome == .abandoned("cancelled"), "the cache went away before its check finished")
        gate.open()
        #expect(await check?.outcome() == .abandoned("cancelled"))
        #expect(!gate.timedOut)
        #expect(
            !FileManager.default.fileExists(atPath: Self.walPath(directory)),
            "a connection outlived the cache's own, so the last one to close could not fold the log in")
        // The next open finds a sound file.
        let reopened = PageCacheFixtures.cache(in: directory)
        #expect(reopened.availability == .available)
        #expect(await reopened.waitForIntegrityCheck() == .passed)
        reopened.close()
    }

    @Test("a check cancelled before it starts never opens the file")
    func cancelledBeforeStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try await DamagedFileTests.populatedCache(in: directory)
        let gate = CheckGate()
        let check = IntegrityCheck(path: directory.databaseURL.path, busyTimeout: .seconds(1), observe: gate.observer)

        check.cancel()
        check.start()
        check.waitUntilFinished()

        #expect(await check.outcome() == .abandoned("cancelled"))
        #expect(gate.arrivals == 0)
    }
}
