import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import Foundation
import RandomUserAPI

/// The people tab's settings, from `endless`'s flags: which people, and how many a page.
struct PeopleSettings: FeedSettings {
    var api: URL?
    /// Filters and fields of every page (its seed is set only without a gender: see ``seed``).
    var query: RandomUserQuery
    /// A fixed seed, with or without a gender filter.
    var seed: String?
    var pageSize = PeopleFeed.Options.pageSize.defaultValue

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: PeopleFeed.service)
        let seed = self.seed
        let people = try RandomUserPageSource(
            client: RandomUserClient(http: endpoint.http), query: query,
            makeSeed: { seed ?? RandomUserPageSource.randomSeed() })
        // A seeded page never changes; the filters and the seed name the list.
        return environment.makeTab(
            PeopleFeed.kind, source: people, endpoint: endpoint,
            cacheVariant: [query.url.query ?? "", seed.map { "seed=\($0)" } ?? ""].joined(separator: " "), policy: .neverStale,
            paging: .adaptive(pageSize: pageSize), descriptor: PeopleFeed.descriptor(sourceLabel: endpoint.label),
            style: PeopleFeed.rowStyle)
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        var query = self.query
        if let seed, query.gender == nil { query = (try? query.withSeed(seed)) ?? query }
        query = (try? query.withResults(pageSize)) ?? query
        let endpoint = connection.endpoint(api: api, service: PeopleFeed.service)
        return await FetchPeopleCommand.run(
            options: FetchPeopleOptions(query: query), output: output,
            fetchPage: { query in try await RandomUserClient(http: endpoint.http).page(query) })
    }
}
