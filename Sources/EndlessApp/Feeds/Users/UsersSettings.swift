import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import Foundation
import ReqresAPI

/// The users tab's settings, from `endless`'s flags.
struct UsersSettings: FeedSettings {
    var api: URL?
    /// The key sent in `x-api-key`.
    var apiKey: String
    var perPage = UsersFeed.defaultPerPage

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: UsersFeed.service)
        let client = ReqresClient(http: endpoint.http, apiKey: apiKey)
        let configuration = environment.feedConfiguration(pageSize: perPage)
        let source = environment.cached(
            ExplainedUsersSource(source: ReqresPageSource(client: client)), as: UsersFeed.kind, endpoint: endpoint,
            policy: UsersFeed.cachePolicy)
        let (feed, restoring) = environment.feed(over: source, configuration: configuration)
        let images = environment.images(for: endpoint)
        let model = FeedViewModel(
            feed: feed,
            descriptor: UsersFeed.descriptor(client: client, sourceLabel: endpoint.label),
            images: images, reselecting: restoring)
        if environment.tracksSeenItems { model.trackSeenItems() }
        return FeedTab(kind: UsersFeed.kind, model: model, style: UsersFeed.rowStyle, cells: environment.cells, images: images)
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        let endpoint = connection.endpoint(api: api, service: UsersFeed.service)
        let client = ReqresClient(http: endpoint.http, apiKey: apiKey)
        return await FetchUsersCommand.run(
            FetchUsersOptions(perPage: perPage), output: output, client: client)
    }
}

/// The reqres page source, with its errors explained in the app's terms (which flag gives a
/// key), so the list's error rows say what to do.
struct ExplainedUsersSource: PageSource {
    let source: ReqresPageSource

    func load(_ request: PageRequest<Int>) async throws -> Page<ReqresUser, Int> {
        do {
            return try await source.load(request)
        } catch let error as ReqresError {
            throw UsersFeed.explained(error)
        }
    }

    func key(after key: Int) -> Int? {
        source.key(after: key)
    }
}
