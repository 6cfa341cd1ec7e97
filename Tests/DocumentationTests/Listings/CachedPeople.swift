import Endless
import EndlessCache
import EndlessHTTP
import Foundation

// The code of the article "Opening at once, offline" (Sources/EndlessCache/EndlessCache.docc).

// listing: cached-source
@MainActor
func makeCachedPeopleFeed(
    client: HTTPClient, cache: PageCache, offline: Bool
) -> Feed<CachedPageSource<PeopleSource>> {
    let source = CachedPageSource(
        PeopleSource(client: client), cache: cache,
        // The feed's name in the cache, and what else tells its pages
        // apart: pages of another server never mix.
        feed: "people", variant: client.baseURL?.absoluteString ?? "",
        // A first page older than 10 minutes is revalidated.
        policy: CachePolicy(maxAge: .seconds(10 * 60)),
        mode: offline ? .offline : .readWrite)
    return Feed(source: source, configuration: FeedConfiguration(pageSize: 20))
}
// end listing

// listing: open-from-cache
@MainActor
func openPeople(_ feed: Feed<CachedPageSource<PeopleSource>>) async -> String? {
    feed.loadFirstPageIfNeeded()   // the cached first page, however old
    await feed.refresh()           // joins that first load
    // Older than the policy's maxAge: ask the network. If that fails, the
    // cached rows stay.
    if feed.source.status.needsRevalidation {
        await feed.refresh(ignoringCooldown: true)
    }
    // "cached 3 min ago", "offline · cached 3 min ago", "offline", or nil.
    return feed.source.status.summary(now: Date())
}
// end listing
