import Endless
import EndlessCache
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// Runs the code of the article "Opening at once, offline": a first launch fills the cache,
/// the next ones open from it, online or not.
@MainActor
@Suite struct CachedPeopleTests {
    @Test func theNextLaunchOpensFromTheCacheOffline() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("endless-doc-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let service = try PeopleService()
        defer { service.stop() }
        let client = HTTPClient(baseURL: service.url)

        let first = makeCachedPeopleFeed(client: client, cache: PageCache(directory: directory), offline: false)
        #expect(await openPeople(first) == nil)          // live data: nothing to say
        #expect(first.items.count == 20)

        let online = makeCachedPeopleFeed(client: client, cache: PageCache(directory: directory), offline: false)
        let summary = try #require(await openPeople(online))
        #expect(summary.hasPrefix("cached "))            // fresh enough: not revalidated
        #expect(online.items.map(\.id) == first.items.map(\.id))
        #expect(service.requestedPages == [1])

        service.stop()
        let offline = makeCachedPeopleFeed(client: client, cache: PageCache(directory: directory), offline: true)
        #expect(await openPeople(offline)?.hasPrefix("offline · cached ") == true)
        #expect(offline.items.count == 20)
        #expect(service.requestedPages == [1])
    }
}
