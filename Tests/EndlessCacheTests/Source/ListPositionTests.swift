import Endless
import Foundation
import Testing

@testable import EndlessCache

/// Where a list was left, kept beside its pages, and the list opening there again.
@Suite("Where a list was left")
struct ListPositionTests {
    static func source(_ network: NetworkSource, _ directory: TemporaryDirectory, variant: String = "", mode: CacheMode = .readWrite)
        -> CachedPageSource<NetworkSource>
    {
        CachedPageSource(network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", variant: variant, policy: .neverStale, mode: mode)
    }

    @Test("a position saved is read back by the next process; the last one saved wins; each variant has its own")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let network = NetworkSource()
        let first = Self.source(network, directory)
        #expect(first.savedPosition == nil)

        first.savePosition(ListPosition(pageKey: 3, loadSize: 5, itemID: "17"))
        first.savePosition(ListPosition(pageKey: 6, loadSize: 5, itemID: "32"))
        Self.source(network, directory, variant: "other").savePosition(ListPosition(pageKey: 1, loadSize: 5, itemID: "7"))

        #expect(Self.source(network, directory).savedPosition == ListPosition(pageKey: 6, loadSize: 5, itemID: "32"))
        #expect(Self.source(network, directory, variant: "other").savedPosition?.pageKey == 1)
        #expect(network.requestCount == 0)
    }

    @Test("with --no-cache nothing is saved or read; clearing the feed forgets where it was left")
    func noCacheAndClearing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let network = NetworkSource()
        Self.source(network, directory, mode: .disabled).savePosition(ListPosition(pageKey: 3, loadSize: 5, itemID: "17"))
        #expect(Self.source(network, directory).savedPosition == nil)

        Self.source(network, directory).savePosition(ListPosition(pageKey: 3, loadSize: 5, itemID: "17"))
        #expect(Self.source(network, directory, mode: .disabled).savedPosition == nil)
        #expect(Self.source(network, directory, mode: .offline).savedPosition?.pageKey == 3)
        try PageCacheFixtures.cache(in: directory).clear(feed: "rows")
        #expect(Self.source(network, directory).savedPosition == nil)
    }

    @Test("a list opening at a saved key is served that page from the cache, with the network gone")
    func openingFromCache() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let network = NetworkSource()
        let firstRun = Self.source(network, directory)
        _ = try await firstRun.load(PageRequest(direction: .refresh, key: nil, loadSize: 5))
        for key in 1...4 { _ = try await firstRun.load(PageRequest(direction: .append, key: key, loadSize: 5)) }
        firstRun.savePosition(ListPosition(pageKey: 4, loadSize: 5, itemID: "22"))

        network.isDown = true
        let relaunch = Self.source(network, directory)
        let position = try #require(relaunch.savedPosition)
        let page = try await relaunch.load(PageRequest(direction: .refresh, key: position.pageKey, loadSize: position.loadSize))

        #expect(page.key == 4 && page.previousKey == 3 && page.items.map(\.id).contains(22))
        if case .cache = relaunch.status.firstPage {} else { Issue.record("the opening page did not come from the cache") }
        #expect(network.requestCount == 5, "the relaunch asked the network")
        // Offline too: what `--offline` reopens on.
        let offline = Self.source(network, directory, mode: .offline)
        #expect(try await offline.load(PageRequest(direction: .refresh, key: 4, loadSize: 5)).key == 4)
    }

    @Test("a cache made by the first schema is brought to the second: its pages stay, and positions can be saved")
    func migratesFromFirstSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = PageCache(
            fileURL: directory.databaseURL, migrations: Array(PageSchema.migrations.prefix(1)), busyTimeout: .seconds(5),
            onNotice: { _ in })
        let address = PageAddress(feed: "rows", variant: "", key: "0", loadSize: 5)
        #expect(old.store(Data("page".utf8), itemCount: 5, at: address, firstPageOf: nil, fetchedAt: PageCacheFixtures.epoch, sizeLimit: 1 << 20))
        old.close()

        let notices = NoticeLog()
        // Schema 2 exactly: 3 drops the pages of older builds (their items were not kept as sent).
        let current = PageCache(
            fileURL: directory.databaseURL, migrations: Array(PageSchema.migrations.prefix(2)), busyTimeout: .seconds(5),
            onNotice: { notices.append($0) })
        #expect(current.page(at: address)?.body == Data("page".utf8))
        #expect(current.savePosition(StoredPosition(pageKey: "0", loadSize: 5, itemID: "3"), feed: "rows", variant: "", at: PageCacheFixtures.epoch))
        #expect(current.position(feed: "rows", variant: "") == StoredPosition(pageKey: "0", loadSize: 5, itemID: "3"))
        #expect(notices.all.isEmpty)
        current.close()
    }
}
