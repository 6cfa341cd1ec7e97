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
    var orderBy = UnsplashOrder.latest

    @MainActor
    func makeTab(_ environment: TabEnvironment) throws -> any BrowserTab {
        let endpoint = environment.connection.endpoint(api: api, service: PhotosFeed.service)
        let client = UnsplashClient(http: endpoint.http, accessKey: accessKey)
        // A screen shows two or three photos: ten ahead is a few screens, and does not spend a
        // rate-limited request on a page nobody may reach.
        let configuration = FeedConfiguration(
            pageSize: perPage, prefetchDistance: min(perPage, PhotosFeed.prefetchDistance), maxLoadedItems: environment.maxLoaded.map { max($0, perPage * 5) },
            refreshCooldown: environment.refreshCooldown)
        let layout = PhotoRow.Layout(cellAspect: environment.cells.cellAspect)
        // Photos change little within an hour; the order names the list.
        let source = environment.cached(
            ExplainedPhotosSource(source: UnsplashPageSource(client: client, orderBy: orderBy, reserve: PhotosFeed.reserve)),
            as: PhotosFeed.kind, endpoint: endpoint, variant: "order_by=\(orderBy.rawValue)", policy: PhotosFeed.cachePolicy)
        let (feed, restoring) = environment.feed(over: source, configuration: configuration)
        let images = environment.images(for: endpoint)
        let model = FeedViewModel(
            feed: feed,
            descriptor: PhotosFeed.descriptor(client: client, sourceLabel: endpoint.label, layout: layout),
            images: images, reselecting: restoring)
        if environment.tracksSeenItems { model.trackSeenItems() }
        return FeedTab(kind: PhotosFeed.kind, model: model, style: PhotoRow.style(layout), cells: environment.cells, images: images)
    }

    func printFirstPage(connection: AppConnection, output: CommandOutput) async -> Int32 {
        let endpoint = connection.endpoint(api: api, service: PhotosFeed.service)
        let client = UnsplashClient(http: endpoint.http, accessKey: accessKey)
        return await FetchPhotosCommand.run(FetchPhotosOptions(perPage: perPage, orderBy: orderBy), output: output, client: client)
    }
}

/// The Unsplash page source, with its errors explained in the app's terms, so the list's error
/// rows say what to do.
struct ExplainedPhotosSource: PageSource {
    let source: UnsplashPageSource

    func load(_ request: PageRequest<Int>) async throws -> Page<UnsplashPhoto, Int> {
        do {
            return try await source.load(request)
        } catch let error as UnsplashError {
            throw PhotosFeedError(error)
        }
    }
}
