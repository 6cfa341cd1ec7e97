import Endless
import Foundation

// The three ways of loading a page; the policy, in one place.
extension CachedPageSource {
    typealias Codec = PageCodec<Item, Key>

    /// A page found in the cache, decoded, with its fetch time.
    struct Hit {
        let page: Page<Item, Key>
        let fetchedAt: Date
    }

    /// ``CacheMode/readWrite``: the cache first where it may answer, else the network, with
    /// the cache standing in when the network fails.
    func offlineFirst(_ request: PageRequest<Key>) async throws -> Page<Item, Key> {
        let isRefresh = request.direction == .refresh
        let opening = isRefresh && tracker.isOpening
        // A later refresh is a person asking for new data: the network decides.
        let hit = isRefresh && !opening ? nil : cached(request)
        let date = now()
        if let hit {
            let isFresh = policy.isFresh(fetchedAt: hit.fetchedAt, now: date)
            let offline = tracker.failedRecently(within: Self.offlineRecheckInterval, now: date)
            if opening || isFresh || offline {
                tracker.servedFromCache(isRefresh: isRefresh, fetchedAt: hit.fetchedAt, isStale: !isFresh, opening: opening)
                return hit.page
            }
        }
        do {
            return try await fromNetwork(request, storing: cache)
        } catch {
            guard let hit, !(error is CancellationError), !Task.isCancelled else { throw error }
            tracker.servedFromCache(isRefresh: isRefresh, fetchedAt: hit.fetchedAt, isStale: true, opening: opening)
            return hit.page
        }
    }

    /// ``CacheMode/offline``: the cache or nothing.
    func fromCacheOnly(_ request: PageRequest<Key>) throws -> Page<Item, Key> {
        guard let hit = cached(request) else { throw CachedPageSourceError.notCached(feed: feed) }
        let isRefresh = request.direction == .refresh
        let isFresh = policy.isFresh(fetchedAt: hit.fetchedAt, now: now())
        tracker.servedFromCache(isRefresh: isRefresh, fetchedAt: hit.fetchedAt, isStale: !isFresh, opening: false)
        return hit.page
    }

    /// Asks the wrapped source, records the outcome, and stores the page in `store`, if given.
    func fromNetwork(_ request: PageRequest<Key>, storing store: PageCache?) async throws -> Page<Item, Key> {
        let isRefresh = request.direction == .refresh
        let page: Page<Item, Key>
        do {
            page = try await upstream.load(request)
        } catch {
            // A cancelled load says nothing about the network.
            if !(error is CancellationError) && !Task.isCancelled {
                tracker.networkFailed(error, isRefresh: isRefresh, at: now())
            }
            throw error
        }
        let fetchedAt = now()
        tracker.networkSucceeded(isRefresh: isRefresh, at: fetchedAt)
        if let store { write(page, for: request, at: fetchedAt, into: store) }
        return page
    }

    /// The cached page a request names: for a refresh the first page that request last
    /// brought, else the page under the request's key. A copy that no longer decodes is
    /// deleted and counts as a miss; one in an older form of the codec's is written again in
    /// the current one.
    func cached(_ request: PageRequest<Key>) -> Hit? {
        guard let key = Codec.text(of: request.key) else { return nil }
        let address = PageAddress(feed: feed, variant: variant, key: key, loadSize: request.loadSize)
        let stored = request.direction == .refresh ? cache.firstPage(requestedAs: address) : cache.page(at: address)
        guard let stored else { return nil }
        guard let page = codec.page(from: stored.body) else {
            cache.removePage(stored.id)
            return nil
        }
        if mode == .readWrite, !codec.isCurrentForm(stored.body), let body = codec.body(of: page) {
            cache.replaceBody(of: stored.id, with: body)
        }
        return Hit(page: page, fetchedAt: stored.fetchedAt)
    }

    /// Stores what the network sent. A refresh's page is stored under its own key (the seed
    /// the server chose, say) and recorded as the first page for the request's key.
    func write(_ page: Page<Item, Key>, for request: PageRequest<Key>, at fetchedAt: Date, into store: PageCache) {
        let isRefresh = request.direction == .refresh
        guard let body = codec.body(of: page),
            let key = Codec.text(of: isRefresh ? (page.key ?? request.key) : request.key),
            let requestKey = Codec.text(of: request.key)
        else { return }
        store.store(
            body, itemCount: page.items.count,
            at: PageAddress(feed: feed, variant: variant, key: key, loadSize: request.loadSize),
            firstPageOf: isRefresh ? requestKey : nil, fetchedAt: fetchedAt, sizeLimit: policy.sizeLimit)
    }
}
