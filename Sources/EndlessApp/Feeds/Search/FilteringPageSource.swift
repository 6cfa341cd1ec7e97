import Endless
import Synchronization

/// A search of a feed whose service cannot search: the items already loaded that match, then
/// the feed's next pages, filtered, each load reading pages until it has a screenful of matches
/// or has read ``pagesPerLoad`` pages, and the whole search ending after ``bound`` items read.
/// It says how many items it read (``progress``), so the list can say how far it looked.
struct FilteringPageSource<Upstream: PageSource>: PageSource {
    /// Where the filter is in the feed: the loaded items first, then the upstream's pages.
    enum Key: Hashable, Sendable {
        /// The upstream page after the one with this key and size (the last one loaded).
        case after(Upstream.Key, loadSize: Int)
        /// The upstream page with this key.
        case page(Upstream.Key)
    }

    typealias Progress = FilteringSearchProgress

    let upstream: Upstream
    /// The items loaded when the search began, in order.
    let loaded: [Upstream.Item]
    /// The last loaded page (key and size), to go on after; nil when nothing was loaded.
    let lastPage: (key: Upstream.Key, loadSize: Int)?
    let matches: @Sendable (Upstream.Item) -> Bool
    /// The most items the whole search reads, the loaded ones included.
    let bound: Int
    /// The most upstream pages one load reads.
    let pagesPerLoad: Int
    private let counts = SearchProgress()

    init(
        upstream: Upstream, loaded: [Upstream.Item], lastPage: (key: Upstream.Key, loadSize: Int)?, bound: Int = 2000,
        pagesPerLoad: Int = 5, matches: @escaping @Sendable (Upstream.Item) -> Bool
    ) {
        self.upstream = upstream
        self.loaded = loaded
        self.lastPage = lastPage
        self.bound = max(1, bound)
        self.pagesPerLoad = max(1, pagesPerLoad)
        self.matches = matches
    }

    /// How far the search has looked so far.
    var progress: Progress { counts.value.withLock { $0 } }

    func load(_ request: PageRequest<Key>) async throws -> Page<Upstream.Item, Key> {
        var found: [Upstream.Item] = []
        var next: Upstream.Key?
        var pageSize = request.loadSize
        switch request.key {
        case nil:
            counts.value.withLock { $0 = Progress() }
            let hits = loaded.prefix(bound).filter(matches)
            record(read: min(loaded.count, bound), found: hits.count)
            found = hits
            guard let lastPage, loaded.count < bound else {
                return finish(found, next: nil, key: nil, stoppedAtBound: loaded.count >= bound)
            }
            // The last loaded page again (from the page cache, as a rule), for the key after it.
            let page = try await upstream.load(PageRequest(direction: .append, key: lastPage.key, loadSize: lastPage.loadSize))
            next = page.nextKey
            pageSize = lastPage.loadSize
        case .after(let key, let loadSize):
            let page = try await upstream.load(PageRequest(direction: .append, key: key, loadSize: loadSize))
            next = page.nextKey
            pageSize = loadSize
        case .page(let key):
            next = key
        }
        var pagesRead = 0
        while let key = next, found.count < request.loadSize, pagesRead < pagesPerLoad, progress.read < bound {
            let page = try await upstream.load(PageRequest(direction: .append, key: key, loadSize: pageSize))
            pagesRead += 1
            let room = bound - progress.read
            let read = page.items.prefix(room)
            let hits = read.filter(matches)
            record(read: read.count, found: hits.count)
            found += hits
            next = page.nextKey
            if page.items.isEmpty { next = nil }
        }
        return finish(found, next: next.map(Key.page), key: request.key, stoppedAtBound: progress.read >= bound && next != nil)
    }

    private func record(read: Int, found: Int) {
        counts.value.withLock {
            $0.read += read
            $0.found += found
        }
    }

    private func finish(_ items: [Upstream.Item], next: Key?, key: Key?, stoppedAtBound: Bool) -> Page<Upstream.Item, Key> {
        if stoppedAtBound { counts.value.withLock { $0.reachedBound = true } }
        // Items are shown once: a feed that repeats an item (a live ranking) keeps its first.
        return Page(items: items, nextKey: stoppedAtBound ? nil : next, key: key)
    }
}

/// How far a filter has looked, shared by the copies of its source.
private final class SearchProgress: Sendable {
    let value = Mutex(FilteringSearchProgress())
}

/// How far a filter has looked.
struct FilteringSearchProgress: Sendable, Equatable {
    var read = 0
    var found = 0
    /// Whether it stopped at the bound (rather than at the end of the feed).
    var reachedBound = false
}
