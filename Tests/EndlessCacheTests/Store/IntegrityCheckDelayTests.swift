import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessCache

/// The background check waits before it reads, so a launch's first rows never share the
/// machine with it; closing during the wait ends it at once.
@Suite("The background check's wait", .timeLimit(TimeBudget.minutes(1)))
struct IntegrityCheckDelayTests {
    final class Events: Sendable {
        let seen = Mutex<[IntegrityCheck.Event]>([])
    }

    @Test("an app's cache waits before checking; tests' caches do not")
    func delays() {
        #expect(PageCache(directory: URL(fileURLWithPath: "/tmp/x")).integrityCheckDelay == IntegrityCheck.launchDelay)
        #expect(IntegrityCheck.launchDelay >= .seconds(1))
        let directory = URL(fileURLWithPath: "/tmp/x/pages.sqlite")
        #expect(
            PageCache(fileURL: directory, migrations: PageSchema.migrations, busyTimeout: .seconds(1), onNotice: { _ in })
                .integrityCheckDelay == .zero)
    }

    @Test("a check cancelled while it waits ends at once, having read nothing")
    func cancelledWhileWaiting() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = PageCacheFixtures.cache(in: directory)
        #expect(
            cache.store(
                Data("p".utf8), itemCount: 1, at: PageAddress(feed: "f", variant: "", key: "0", loadSize: 1), firstPageOf: nil,
                fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20))
        cache.close()

        let events = Events()
        // An hour's wait: a check that did not end at cancel() would outlive the time limit.
        let check = IntegrityCheck(
            path: directory.databaseURL.path, busyTimeout: .seconds(1), delay: .seconds(3600),
            observe: { event in events.seen.withLock { $0.append(event) } })
        check.start()
        check.cancel()
        check.waitUntilFinished()

        #expect(await check.outcome() == .abandoned("cancelled"))
        #expect(!events.seen.withLock { $0 }.contains(.checking), "it began reading")
    }
}
