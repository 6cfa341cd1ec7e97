import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import Foundation
import UnsplashAPI

/// The photos tab's settings, from `endless`'s flags.
struct PhotosSettings: FeedSettings {
    var api: URL?
    /// Sent as `Client-ID`.
    var accessKey: String
    var perPage = PhotosFeed.defaultPerPage
    var orderBy = PhotosFeed.Options.orderBy.defaultValue

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: PhotosFeed.service)
        let client = UnsplashClient(http: endpoint.http, accessKey: accessKey)
        let layout = PhotoRow.Layout(cellAspect: environment.cells.cellAspect)
        // A screen shows two or three photos: ten ahead is a few screens, and does not spend a
        // rate-limited request on a page nobody may reach. Photos change little within an hour;
        // the order names the list.
        return environment.makeTab(
            PhotosFeed.kind, source: UnsplashPageSource(client: client, orderBy: orderBy, reserve: PhotosFeed.reserve),
            explain: PhotosFeed.explain, endpoint: endpoint, cacheVariant: "order_by=\(orderBy.rawValue)", policy: PhotosFeed.cachePolicy,
            paging: .fixedAhead(pageSize: perPage, distance: PhotosFeed.prefetchDistance),
            descriptor: PhotosFeed.descriptor(client: client, sourceLabel: endpoint.label, layout: layout), style: PhotoRow.style(layout))
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        let endpoint = connection.endpoint(api: api, service: PhotosFeed.service)
        let client = UnsplashClient(http: endpoint.http, accessKey: accessKey)
        return await FetchPhotosCommand.run(FetchPhotosOptions(perPage: perPage, orderBy: orderBy), output: output, client: client)
    }
}
