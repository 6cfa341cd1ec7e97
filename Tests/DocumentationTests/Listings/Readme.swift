// The library example of the repository's README.md, verbatim (ReadmeListingTests runs it).
// listing: readme
import Endless

struct Number: Identifiable, Sendable { let id: Int }

struct Numbers: PageSource {
    func load(_ request: PageRequest<Int>) async throws -> Page<Number, Int> {
        let page = request.key ?? 0
        let items = (0..<request.loadSize).map { Number(id: page * request.loadSize + $0) }
        return Page(items: items, previousKey: page > 0 ? page - 1 : nil, nextKey: page + 1, key: page)
    }
    func key(after key: Int) -> Int? { key + 1 }   // keys known in advance: pages load in parallel
}

@MainActor
func showNumbers(rows: Range<Int>, scrollTo: (Int) -> Void) async -> Feed<Numbers> {
    var configuration = FeedConfiguration(pageSize: 20)
    configuration.maxConcurrentAppends = 4          // pipelined, committed in order
    configuration.adaptivePrefetch = .standard      // rows ahead from latency and scroll speed
    let feed = Feed(source: Numbers(), configuration: configuration)   // @MainActor @Observable
    feed.loadFirstPageIfNeeded()
    feed.visibleRangeChanged(rows)                  // the only signal a list sends
    await feed.refresh()                            // for pull-to-refresh; returns when done
    if let keepPlace = feed.refreshAnchorIndex { scrollTo(keepPlace) }   // where the first row on screen went
    return feed
}
// end listing
