import Endless
import EndlessCache
import EndlessHTTP
import Foundation

// The code of the article "Opening at once, offline" (Sources/EndlessCache/EndlessCache.docc).

// listing: cached-source
@MainActor
func makeCachedPeopleFeed(client: HTTPClient, cache: PageCache, offline: Bool) -> Feed<CachedPageSource<PeopleSource>> {
    let source = CachedPageSource(
        PeopleSource(client: client), cache: cache,
        feed: "people",                                   // its name in the cache and its size limit
        variant: client.baseURL?.absoluteString ?? "",    // pages of another server never mix
        policy: CachePolicy(maxAge: .seconds(10 * 60)),   // an older first page is revalidated
        mode: offline ? .offline : .readWrite)
    return Feed(source: source, configuration: FeedConfiguration(pageSize: 20))
}
// end listing

// listing: open-from-cache
@MainActor
func openPeople(_ feed: Feed<CachedPageSource<PeopleSource>>) async -> String? {
    feed.loadFirstPageIfNeeded()                          // the cached first page, however old
    await feed.refresh()                                  // joins that first load
    if feed.source.status.needsRevalidation {             // older than the policy's maxAge
        await feed.refresh(ignoringCooldown: true)        // on failure the cached rows stay
    }
    return feed.source.status.summary(now: Date())        // "cached 3 min ago", "offline", nil
}
// end listing
