import Endless
import Foundation
import Testing

@testable import EndlessCache

/// The decorator's policy, one rule per test, over a stand-in network whose data changes
/// ("editions") and which a test takes down.
@Suite("CachedPageSource: what comes from the cache, what from the network")
struct CachedPageSourceTests {
    typealias Source = CachedPageSource<NetworkSource>

    /// A cache, a network, a clock and a source over them; `relaunch()` is a new process.
    struct Harness {
        let directory: TemporaryDirectory
        let cache: PageCache
        let network = NetworkSource()
        let date = TestDate()
        let policy: CachePolicy

        init(policy: CachePolicy = CachePolicy(maxAge: .seconds(30))) throws {
            directory = try TemporaryDirectory()
            cache = PageCacheFixtures.cache(in: directory)
            self.policy = policy
        }

        func source(_ mode: CacheMode = .readWrite) -> Source {
            CachedPageSource(network, cache: cache, feed: "rows", policy: policy, mode: mode, now: date.clock)
        }

        /// A new source over a new connection to the same file, as the next launch has.
        func relaunch(_ mode: CacheMode = .readWrite) -> Source {
            CachedPageSource(
                network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", policy: policy, mode: mode,
                now: date.clock)
        }
    }

    static func refresh(_ size: Int = 5) -> PageRequest<Int> { PageRequest(direction: .refresh, key: nil, loadSize: size) }
    static func append(_ key: Int, _ size: Int = 5) -> PageRequest<Int> { PageRequest(direction: .append, key: key, loadSize: size) }

    @Test("the network fills the cache; the next launch opens on the same first page at once, without the network")
    func relaunchOpensFromCache() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let first = try await harness.source().load(Self.refresh())
        #expect(first.items.allSatisfy { $0.edition == 1 })

        harness.network.edition = 2  // the server's data moved on
        harness.network.isDown = true  // and the network is gone
        harness.date.advance(by: 10)
        let source = harness.relaunch()
        let reopened = try await source.load(Self.refresh())

        #expect(reopened.items == first.items)
        #expect(reopened.nextKey == 1 && reopened.key == 0)
        #expect(harness.network.requestCount == 1)
        #expect(source.status.firstPage == .cache(fetchedAt: PageCacheFixtures.epoch))
        #expect(!source.status.needsRevalidation)
        #expect(source.status.summary(now: harness.date.now) == "cached 10 s ago")
        // What a tab that knows only `some PageSource` reads.
        let anySource: any PageSource = source
        #expect((anySource as? any CacheStatusReporting)?.cacheStatus == source.status)
    }

    @Test("a fresh page is served from the cache; a stale one is fetched again and stored with its new date")
    func freshness() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(Self.append(3))
        harness.network.edition = 2

        harness.date.advance(by: 20)
        let fresh = try await source.load(Self.append(3))
        harness.date.advance(by: 20)  // 40 s old now: past the 30 s policy
        let refetched = try await source.load(Self.append(3))
        harness.network.edition = 3
        let cachedAgain = try await source.load(Self.append(3))

        #expect(fresh.items.allSatisfy { $0.edition == 1 })
        #expect(refetched.items.allSatisfy { $0.edition == 2 })
        #expect(cachedAgain.items.allSatisfy { $0.edition == 2 })
        #expect(harness.network.requestedKeys == [3, 3])
    }

    @Test("a stale opening is served at once and asks for revalidation; the next refresh asks the network")
    func staleWhileRevalidate() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        _ = try await harness.source().load(Self.refresh())
        harness.network.edition = 2
        harness.date.advance(by: 3 * 60)

        let source = harness.relaunch()
        let opened = try await source.load(Self.refresh())
        #expect(opened.items.allSatisfy { $0.edition == 1 })
        #expect(source.status.needsRevalidation)
        #expect(source.status.summary(now: harness.date.now) == "cached 3 min ago")

        let revalidated = try await source.load(Self.refresh())

        #expect(revalidated.items.allSatisfy { $0.edition == 2 })
        #expect(!source.status.needsRevalidation)
        #expect(source.status.firstPage == .network(fetchedAt: harness.date.now))
        #expect(source.status.summary(now: harness.date.now) == nil)
        // The next launch opens on what the revalidation brought.
        let next = try await harness.relaunch().load(Self.refresh())
        #expect(next.items.allSatisfy { $0.edition == 2 })
    }

    @Test("a page that never goes stale opens with no revalidation, and appends never ask the network")
    func neverStale() async throws {
        let harness = try Harness(policy: .neverStale)
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(Self.refresh())
        _ = try await source.load(Self.append(1))
        harness.date.advance(by: 365 * 86_400)

        let relaunched = harness.relaunch()
        _ = try await relaunched.load(Self.refresh())
        _ = try await relaunched.load(Self.append(1))

        #expect(!relaunched.status.needsRevalidation)
        #expect(harness.network.requestedKeys == [nil, 1])
        #expect(relaunched.status.summary(now: harness.date.now) == "cached 365 days ago")
    }

    @Test("when the network fails, the stale copy stands in and the status says offline, until the network answers")
    func offlineFallback() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(Self.refresh())
        _ = try await source.load(Self.append(1))
        _ = try await source.load(Self.append(2))
        harness.date.advance(by: 60)
        harness.network.isDown = true

        let page1 = try await source.load(Self.append(1))
        #expect(page1.items.allSatisfy { $0.edition == 1 })
        #expect(source.status.isOffline)
        #expect(source.status.networkError == "the network is down")
        #expect(source.status.summary(now: harness.date.now) == "offline")
        // Within 30 s of the failure, stale pages come at once: the network is not asked again.
        let requests = harness.network.requestCount
        _ = try await source.load(Self.append(2))
        #expect(harness.network.requestCount == requests)

        // Later it is asked again; once it answers, the status is back online.
        harness.date.advance(by: 31)
        harness.network.isDown = false
        harness.network.edition = 2
        let page2 = try await source.load(Self.append(2))
        #expect(page2.items.allSatisfy { $0.edition == 2 })
        #expect(!source.status.isOffline && source.status.networkError == nil)
    }

    @Test("with no copy in the cache, a network failure reaches the feed, and the status says offline")
    func failureWithoutCopy() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        harness.network.isDown = true

        await #expect(throws: NetworkDown.self) { try await source.load(Self.append(4)) }
        await #expect(throws: NetworkDown.self) { try await source.load(Self.refresh()) }

        #expect(source.status.isOffline)
        #expect(source.status.firstPage == nil)
        #expect(source.status.summary(now: harness.date.now) == "offline")
    }

    @Test("a refresh after the list opened fails to the feed (which keeps its rows); the cached first page stays on show")
    func failedRefreshAfterOpening() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        _ = try await harness.source().load(Self.refresh())
        harness.date.advance(by: 7200)
        let source = harness.relaunch()
        _ = try await source.load(Self.refresh())
        #expect(source.status.needsRevalidation)
        harness.network.isDown = true

        await #expect(throws: NetworkDown.self) { try await source.load(Self.refresh()) }

        #expect(source.status.isOffline)
        #expect(!source.status.needsRevalidation)
        #expect(source.status.firstPage == .cache(fetchedAt: PageCacheFixtures.epoch))
        #expect(source.status.summary(now: harness.date.now) == "offline · cached 2 h ago")
    }

    @Test("offline mode serves only the cache, however old, and never asks the network")
    func offlineMode() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let online = harness.source()
        _ = try await online.load(Self.refresh())
        _ = try await online.load(Self.append(1))
        harness.date.advance(by: 86_400 * 3)

        let source = harness.relaunch(.offline)
        let first = try await source.load(Self.refresh())
        let second = try await source.load(Self.append(1))
        let again = try await source.load(Self.refresh())
        let missing = await #expect(throws: CachedPageSourceError.self) { try await source.load(Self.append(2)) }

        #expect(first.items.count == 5 && second.items.count == 5 && again.items == first.items)
        #expect(missing == .notCached(feed: "rows"))
        #expect(missing?.description.contains("go online") == true)
        #expect(harness.network.requestCount == 2)
        #expect(!source.status.needsRevalidation)
        #expect(source.status.summary(now: harness.date.now) == "offline · cached 3 days ago")
    }

    @Test("no-cache mode neither reads nor writes: every page comes from the network, and no file is created")
    func disabledMode() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source(.disabled)

        _ = try await source.load(Self.refresh())
        _ = try await source.load(Self.refresh())
        _ = try await source.load(Self.append(1))

        #expect(harness.network.requestedKeys == [nil, nil, 1])
        #expect(!FileManager.default.fileExists(atPath: harness.cache.fileURL.path))
        #expect(source.status.summary(now: harness.date.now) == nil)
    }

    @Test("a cancelled load is not a network failure: it serves no stale copy and says nothing of being offline")
    func cancellation() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(Self.append(1))
        harness.date.advance(by: 60)

        // A child of a cancelled group starts cancelled: no race with the load.
        let error = await withTaskGroup(of: (any Error)?.self) { group in
            group.cancelAll()
            group.addTask {
                do {
                    _ = try await source.load(Self.append(1))
                    return nil
                } catch {
                    return error
                }
            }
            return await group.next() ?? nil
        }

        #expect(error is CancellationError)
        #expect(!source.status.isOffline)
    }

    @Test("a page of another size is another page; a stored copy that no longer decodes is a miss, and replaced")
    func addressingAndUndecodableCopies() async throws {
        let harness = try Harness(policy: .neverStale)
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(Self.append(1, 5))
        let larger = try await source.load(Self.append(1, 8))
        #expect(larger.items.count == 8)
        // An older build's copy of page 2, in a shape this build cannot read.
        harness.cache.store(
            Data(#"{"rows":"from another build"}"#.utf8), itemCount: 5,
            at: PageAddress(feed: "rows", variant: "", key: "2", loadSize: 5), firstPageOf: nil,
            fetchedAt: harness.date.now, sizeLimit: 1 << 20)

        let page2 = try await source.load(Self.append(2, 5))
        let page2Again = try await source.load(Self.append(2, 5))

        #expect(page2.items.map(\.id) == Array(10..<15))
        #expect(page2Again.items == page2.items)
        #expect(harness.network.requestedKeys == [1, 1, 2])
    }
}
