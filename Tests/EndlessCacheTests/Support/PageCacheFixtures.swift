import Foundation
import Synchronization

@testable import EndlessCache

/// Caches, clocks and notice logs for the tests.
enum PageCacheFixtures {
    static let fileName = PageCache.defaultFileName

    /// A cache in `directory`, reporting into `notices`; its background check reads at once.
    static func cache(in directory: TemporaryDirectory, notices: NoticeLog = NoticeLog()) -> PageCache {
        PageCache(
            fileURL: directory.databaseURL, migrations: PageSchema.migrations, busyTimeout: PageCache.defaultBusyTimeout,
            onNotice: { notices.append($0) })
    }

    /// A cache in `directory` whose background check `gate` holds.
    static func cache(in directory: TemporaryDirectory, notices: NoticeLog = NoticeLog(), gate: CheckGate) -> PageCache {
        PageCache(
            fileURL: directory.databaseURL, migrations: PageSchema.migrations, busyTimeout: PageCache.defaultBusyTimeout,
            onNotice: { notices.append($0) }, observeIntegrityCheck: gate.observer)
    }

    /// 2026-03-01 12:00 UTC: a fixed "now" that tests move by hand.
    static let epoch = Date(timeIntervalSince1970: 1_772_366_400)
}

/// The notices a cache reported, in order.
final class NoticeLog: Sendable {
    private let notices = Mutex<[CacheNotice]>([])

    func append(_ notice: CacheNotice) { notices.withLock { $0.append(notice) } }

    var all: [CacheNotice] { notices.withLock { $0 } }
    var kinds: [CacheNotice.Kind] { all.map(\.kind) }
}

/// A wall clock a test sets: the `now` of a ``CachedPageSource``.
final class TestDate: Sendable {
    private let date: Mutex<Date>

    init(_ date: Date = PageCacheFixtures.epoch) { self.date = Mutex(date) }

    var now: Date { date.withLock { $0 } }

    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }

    /// The closure a source takes.
    var clock: @Sendable () -> Date { { self.now } }
}
