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
    var perPage = UsersFeed.Options.usersPerPage.defaultValue

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: UsersFeed.service)
        let client = ReqresClient(http: endpoint.http, apiKey: apiKey)
        return environment.makeTab(
            UsersFeed.kind, source: ReqresPageSource(client: client), explain: UsersFeed.explain, endpoint: endpoint,
            policy: UsersFeed.cachePolicy, paging: .adaptive(pageSize: perPage),
            descriptor: UsersFeed.descriptor(client: client, sourceLabel: endpoint.label), style: UsersFeed.rowStyle)
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        let endpoint = connection.endpoint(api: api, service: UsersFeed.service)
        let client = ReqresClient(http: endpoint.http, apiKey: apiKey)
        return await FetchUsersCommand.run(
            FetchUsersOptions(perPage: perPage), output: output, client: client)
    }
}
