import Endless
import EndlessHTTP
import Foundation

// The code of the article "An endless, refreshable list" (Sources/Endless/Endless.docc).
// Each listing between `// listing: <name>` and `// end listing` appears verbatim in an
// article; `ArticleListingTests` checks that, and `RefreshableListTests` runs it.

// listing: person
/// A row of the list. `Identifiable`: the feed keeps items unique by `id`.
/// `Codable`: the page cache can keep it (see EndlessCache).
struct Person: Codable, Identifiable, Sendable {
    let id: String
    let name: String
}

/// One page, as the service sends it.
struct PeoplePage: Decodable, Sendable {
    let people: [Person]
    let hasMore: Bool
}
// end listing

// listing: people-source
struct PeopleSource: PageSource {
    let client: HTTPClient

    // The key is the page number, from 1, as the service counts.
    func load(_ request: PageRequest<Int>) async throws -> Page<Person, Int> {
        let number = request.key ?? 1
        let endpoint = Endpoint<PeoplePage>(
            path: "people",
            query: [
                URLQueryItem(name: "page", value: String(number)),
                URLQueryItem(name: "results", value: String(request.loadSize)),
            ])
        let page = try await client.send(endpoint)
        return Page(
            items: page.people,
            previousKey: number > 1 ? number - 1 : nil,
            nextKey: page.hasMore ? number + 1 : nil)
    }

    // Page numbers are known in advance: the feed may load pages together.
    func key(after key: Int) -> Int? { key + 1 }
}
// end listing

// listing: make-feed
@MainActor
func makePeopleFeed(
    client: HTTPClient, clock: any Clock<Duration> = ContinuousClock()
) -> Feed<PeopleSource> {
    var configuration = FeedConfiguration(pageSize: 20)
    // Two pages loaded past the last row on screen, both at once.
    configuration.prefetchDistance = 40
    configuration.maxConcurrentAppends = 2
    // A pull sooner than 5 s after the last refresh loads nothing.
    configuration.refreshCooldown = .seconds(5)
    // The spinner shows for half a second at least: no flicker.
    configuration.minimumIndicatorDuration = .milliseconds(500)
    // A failed page retries by itself after 1, 2 and 4 s.
    configuration.automaticRetry = .standard
    return Feed(
        source: PeopleSource(client: client),
        configuration: configuration,
        clock: clock)
}
// end listing

// listing: footer
/// What the bottom of the list says: the append state, drawn where it happened.
func footerText(for state: LoadState) -> String? {
    switch state {
    case .idle: nil
    case .loading: "Loading more…"
    case .failed(let error): "\(error)\nTap to try again."  // feed.retry()
    case .endReached: "That's everyone."
    }
}
// end listing

// listing: pull-to-refresh
/// What a pull to refresh says when it is over. The spinner lives as long
/// as this call.
@MainActor
func pullToRefresh(_ feed: Feed<PeopleSource>) async -> String? {
    switch await feed.refresh() {
    case .refreshed:
        return nil
    case .failed(let error):
        return "Couldn't refresh: \(error)"   // the rows already shown stay
    case .coolingDown(let remaining):
        let seconds = remaining.components.seconds + 1
        return "Up to date. Pull again in \(seconds) s."
    }
}
// end listing
