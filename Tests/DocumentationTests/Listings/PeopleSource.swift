import Endless
import EndlessHTTP
import Foundation

// The code of the article "An endless, refreshable list" (Sources/Endless/Endless.docc).
// Each listing between `// listing: <name>` and `// end listing` appears verbatim in an
// article; `ArticleListingTests` checks that, and `RefreshableListTests` runs it.

// listing: person
/// A row of the list. `Identifiable`, because the feed keeps items unique by `id`;
/// `Codable`, so the page cache can keep it (see EndlessCache).
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

    // Page numbers are known in advance, so the feed may ask for the next pages together.
    func key(after key: Int) -> Int? { key + 1 }
}
// end listing

// listing: make-feed
@MainActor
func makePeopleFeed(client: HTTPClient, clock: any Clock<Duration> = ContinuousClock()) -> Feed<PeopleSource> {
    var configuration = FeedConfiguration(pageSize: 20)
    configuration.prefetchDistance = 40                         // two pages past the last row on screen
    configuration.maxConcurrentAppends = 2                      // both at once, shown in order
    configuration.refreshCooldown = .seconds(5)                 // a pull sooner than this loads nothing
    configuration.minimumIndicatorDuration = .milliseconds(500) // a spinner that does not flicker
    configuration.automaticRetry = .standard                    // a failed page retries after 1, 2, 4 s
    return Feed(source: PeopleSource(client: client), configuration: configuration, clock: clock)
}
// end listing

// listing: footer
/// What the bottom of the list says: the append state, drawn where it happened.
func footerText(for state: LoadState) -> String? {
    switch state {
    case .idle: nil
    case .loading: "Loading more…"
    case .failed(let error): "\(error)\nTap to try again."   // the tap calls feed.retry()
    case .endReached: "That's everyone."
    }
}
// end listing

// listing: pull-to-refresh
/// What a pull to refresh says when it is over; the spinner lives as long as this call.
@MainActor
func pullToRefresh(_ feed: Feed<PeopleSource>) async -> String? {
    switch await feed.refresh() {
    case .refreshed:
        return nil
    case .failed(let error):
        return "Couldn't refresh: \(error)"   // the rows already shown stay
    case .coolingDown(let remaining):
        return "Up to date. Pull again in \(remaining.components.seconds + 1) s."
    }
}
// end listing
