import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import Foundation
import UnsplashAPI

/// The photos feed: Unsplash's latest photos, as the "SwiftUI + Combine pagination" tutorial
/// browses them, done right: each row as tall as its photo's aspect ratio asks before any pixel
/// arrives, its BlurHash drawn at once, then the photo at exactly the pixels of its cells; the
/// hourly budget in the status bar, and no loading ahead once it runs low.
public enum PhotosFeed {
    /// The photos feed, as the browser and `endless fetch` know it. A screen shows two or three
    /// photos: ten ahead is a few screens, and does not spend a rate-limited request on a page
    /// nobody may reach. Photos change little within an hour; the order names the list.
    static let definition = FeedDefinition(
        id: .photos, abstract: "Browse Unsplash's latest photos, with BlurHash placeholders and rows sized to each photo.",
        service: service, liveAPI: "https://api.unsplash.com/",
        flags: [Options.accessKey.declaration, Options.photosPerPage.declaration, Options.orderBy.declaration],
        fetch: FetchPhotosCommand.subcommand,
        examples: [
            .init(command: "endless photos", explanation: "The latest photos of the embedded simulator's Unsplash, no key needed."),
            .init(command: "endless photos --order-by oldest --per-page 10", explanation: "The oldest photos, ten a page."),
            .init(
                command: "endless photos --api https://api.unsplash.com/ --access-key KEY",
                explanation: "The live Unsplash, with your application's access key."),
        ],
        cachePolicy: cachePolicy, explain: explain,
        settings: { parsed, api, environment throws(UsageError) in try settings(from: parsed, api: api, environment: environment) },
        tab: { settings, context in
            let client = UnsplashClient(http: context.endpoint.http, accessKey: settings.accessKey)
            let layout = PhotoRow.Layout(cellAspect: context.cellAspect)
            return FeedTabParts(
                source: UnsplashPageSource(client: client, orderBy: settings.orderBy, reserve: reserve),
                descriptor: descriptor(client: client, sourceLabel: context.endpoint.label, layout: layout),
                rowStyle: PhotoRow.style(layout), paging: .fixedAhead(pageSize: settings.perPage, distance: prefetchDistance),
                cacheVariant: "order_by=\(settings.orderBy.rawValue)")
        },
        search: .service { settings, context, text in
            let client = UnsplashClient(http: context.endpoint.http, accessKey: settings.accessKey)
            let layout = PhotoRow.Layout(cellAspect: context.cellAspect)
            var descriptor = descriptor(client: client, sourceLabel: "\(text.quoted) in \(context.endpoint.label)", layout: layout)
            descriptor.endOfList = { count in "\(Nouns("photo", "photos").count(count)) found for \(text.quoted)" }
            return FeedTabParts(
                source: UnsplashSearchPageSource(client: client, query: text, orderBy: settings.searchOrder),
                descriptor: descriptor, rowStyle: PhotoRow.style(layout),
                paging: .fixedAhead(pageSize: settings.perPage, distance: prefetchDistance),
                cacheVariant: "order_by=\(settings.searchOrder.rawValue)")
        },
        sorting: FeedSorting(
            current: { $0.orderBy.rawValue },
            orders: UnsplashOrder.allCases.map { order in
                // A search follows: newest first after `latest`, best match first otherwise.
                .service(order.rawValue) {
                    $0.orderBy = order
                    $0.searchOrder = order == .latest ? .latest : .relevant
                }
            }),
        links: FeedLinks(page: pageURL, copies: "link", copy: { photo in pageURL(photo).map { ("link", $0.absoluteString) } }),
        downloads: FeedDownloads { settings, context, photo in download(photo, settings: settings, context: context) },
        printFirstPage: { settings, endpoint, output in
            await FetchPhotosCommand.run(
                FetchPhotosOptions(perPage: settings.perPage, orderBy: settings.orderBy), output: output,
                client: UnsplashClient(http: endpoint.http, accessKey: settings.accessKey))
        })

    /// The photo's page on Unsplash (`links.html`), with the referral Unsplash's guidelines ask
    /// for (`utm_source=endless&utm_medium=referral`); nil for none, or one that is not http(s).
    @Sendable static func pageURL(_ photo: UnsplashPhoto) -> URL? {
        photo.links?.html.flatMap(referred)
    }

    /// The photographer's page on Unsplash (`https://unsplash.com/@username`), with the same
    /// referral: the credit links to it, as the guidelines ask. Nil when the username is not
    /// one Unsplash gives (letters, digits, `_` and `-`, at most 60).
    static func photographerURL(_ photo: UnsplashPhoto) -> URL? {
        guard let username = photo.user?.username, (1...60).contains(username.count),
            username.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") })
        else { return nil }
        return referred("https://unsplash.com/@" + username)
    }

    /// `address` (http or https) with `utm_source=endless&utm_medium=referral` in place of any
    /// `utm_` parameters it had; nil for any other address.
    private static func referred(_ address: String) -> URL? {
        guard var components = URLComponents(string: address),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        components.queryItems =
            (components.queryItems ?? []).filter { !$0.name.hasPrefix("utm_") } + [
                URLQueryItem(name: "utm_source", value: "endless"), URLQueryItem(name: "utm_medium", value: "referral"),
            ]
        return components.url
    }

    /// What `d` saves of a photo: `urls.full` (the original's size; Unsplash's guidelines point
    /// downloads there, and it needs no key), named `<photographer>-<photo id>`; once saved,
    /// Unsplash is told through `links.download_location`, as its guidelines require for
    /// every download. Nil for a photo without `urls.full`.
    @Sendable static func download(_ photo: UnsplashPhoto, settings: Settings, context: FeedTabContext) -> ItemDownload? {
        guard let full = photo.urls?.full, let url = URL(string: full), PageOpener.isOpenable(url) else { return nil }
        let client = UnsplashClient(http: context.endpoint.http, accessKey: settings.accessKey)
        let name = [photo.user?.username, photo.id].compactMap { $0 }.joined(separator: "-")
        return ItemDownload(
            key: "photos/\(photo.id)", url: url, name: name, toldParty: "Unsplash",
            tell: { try await client.trackDownload(of: photo) })
    }

    /// The simulator's Unsplash.
    static let service = SimulatedService.unsplash

    /// The photos tab's settings, from `endless`'s flags.
    struct Settings: Sendable {
        /// Sent as `Client-ID`.
        var accessKey: String
        var perPage = PhotosFeed.defaultPerPage
        var orderBy = PhotosFeed.Options.orderBy.defaultValue
        /// How searches are ordered.
        var searchOrder = UnsplashSearchOrder.relevant
    }

    /// Photos per page on the tab: Unsplash's most, so a demo key's 50 requests go far.
    static let defaultPerPage = 30
    /// Photos change little within an hour: a cached page is fresh that long.
    static let cachePolicy = CachePolicy(maxAge: .seconds(3600))
    /// Photos loaded ahead of the last one on screen.
    static let prefetchDistance = 10
    /// Requests kept from loading ahead when the service reports this few left.
    public static let reserve = 5
    /// Where the key can come from when `--access-key` is not given.
    static let accessKeyVariable = "UNSPLASH_ACCESS_KEY"
    /// What the embedded simulator is sent: it accepts any key, and needs one like the service.
    static let simulatorKey = "endless-simulator"

    enum Options {
        static let accessKey = Option(
            "access-key", placeholder: "KEY",
            help: "The Unsplash application's access key, sent as Client-ID (default: $\(PhotosFeed.accessKeyVariable); "
                + "the embedded simulator needs none). Never logged.",
            parser: ValueParsers.nonEmpty, secret: true, environment: PhotosFeed.accessKeyVariable)
        /// Left out, the request names no page size: the service's own.
        static let perPage = Option(
            "per-page", short: "n", placeholder: "N", help: "Photos per page, 1-30 (Unsplash's most).",
            defaultDescription: String(UnsplashClient.defaultPerPage), parser: ValueParsers.integer(in: UnsplashClient.perPageRange))
        static let photosPerPage = Option(
            "photos-per-page", placeholder: "N", help: "Photos per page on the photos tab, 1-30.",
            default: PhotosFeed.defaultPerPage, parser: ValueParsers.integer(in: UnsplashClient.perPageRange))
        static let orderBy = Option(
            "order-by", placeholder: "ORDER", help: "latest, oldest or popular (deprecated by Unsplash, still answered).",
            default: UnsplashOrder.latest, parser: ValueParsers.choice(UnsplashOrder.self))
    }

    /// Reads the photos tab's flags.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> Settings {
        Settings(
            accessKey: try accessKey(from: parsed, api: api, environment: environment),
            perPage: try parsed[Options.photosPerPage], orderBy: try parsed[Options.orderBy])
    }

    /// `--access-key`, else `$UNSPLASH_ACCESS_KEY`; with no API given (the embedded simulator)
    /// a key of the app's own.
    /// - Throws: ``UsageError`` when an API is given and no key: Unsplash refuses every request
    ///   without one, so the message says how to get one.
    static func accessKey(
        from parsed: ParsedArguments, api: URL?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> String {
        if let key = try parsed[Options.accessKey] { return key }
        if let key = environment[accessKeyVariable], !key.isEmpty { return key }
        guard let api else { return simulatorKey }
        throw UsageError(
            command: parsed.command,
            message: "\(api.absoluteString) needs an Unsplash access key: pass --access-key KEY or set \(accessKeyVariable)",
            hint: "register an application at \(UnsplashClient.keyRegistration) for a demo key (50 requests an hour); "
                + "`endless serve`'s simulator accepts any key")
    }

    /// What the browser needs to know about photos (public for the benchmark, which measures
    /// the tab's pictures through it).
    /// - Parameters:
    ///   - client: asks for the details (`GET /photos/{id}`).
    ///   - sourceLabel: where they come from.
    ///   - layout: how rows are sized on this terminal.
    /// - Returns: the descriptor.
    public static func descriptor(client: UnsplashClient, sourceLabel: String, layout: PhotoRow.Layout) -> FeedDescriptor<UnsplashPhoto, Int> {
        FeedDescriptor(
            nouns: Nouns("photo", "photos"), sourceLabel: sourceLabel,
            describeKey: { PageLabel(page: $0) },
            details: { photo, _ in PhotoDetails.of(photo) },
            fetchDetails: { photo, _ in
                // The single-photo answer has the camera and the place; it costs a request, so it
                // is skipped when the budget is nearly spent.
                if let budget = client.rateLimit, budget.remaining <= reserve {
                    throw PhotosFeedError(.holdingBack(remaining: budget.remaining, limit: budget.limit))
                }
                do throws(UnsplashError) {
                    return PhotoDetails.of(try await client.photo(id: photo.id))
                } catch {
                    throw PhotosFeedError(error)
                }
            },
            rowImage: { photo, sizing in
                let cells = layout.picture(for: photo)
                let pixels = sizing.pixelSize(columns: cells.width, lines: cells.height)
                guard let url = photo.imageURL(ImgixSizing(width: pixels.width, height: pixels.height, fit: .crop)) else { return nil }
                return FeedImage(url: url, size: pixels, contentMode: .fill)
            },
            sizedImageURL: { raw, size in ImgixSizing(width: size.width, height: size.height, fit: .crop).url(from: raw) ?? raw },
            statusNote: { client.rateLimit?.summary },
            endOfList: { count in "the end of Unsplash · \(Nouns("photo", "photos").count(count))" })
    }
}

extension PhotosFeed {
    /// The list's errors, explained (``ExplainingSource``).
    @Sendable static func explain(_ error: any Error) -> (any Error)? {
        (error as? UnsplashError).map(PhotosFeedError.init)
    }
}

/// An Unsplash error as the app explains it: a refused key says which flag or variable gives
/// one; a nearly spent budget says what the next key press does.
struct PhotosFeedError: Error, CustomStringConvertible, RequestFailure {
    let error: UnsplashError

    init(_ error: UnsplashError) {
        self.error = error
    }

    /// The service's account of how the request failed, for the status line.
    var requestFailureKind: RequestFailureKind { error.requestFailureKind }

    var description: String {
        switch error {
        case .unauthorized:
            "\(error.description) Pass --access-key KEY or set \(PhotosFeed.accessKeyVariable)."
        case .holdingBack(let remaining, let limit):
            "\(remaining == 1 ? "1 request" : "\(remaining) requests") left this hour"
                + (limit.map { " of \($0)" } ?? "") + ", kept for you: R loads more"
        default:
            error.description
        }
    }
}

extension FeedID {
    /// Unsplash: photos.
    static let photos = FeedID(name: "photos", number: 2)
}
