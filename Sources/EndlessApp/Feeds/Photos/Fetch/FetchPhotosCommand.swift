import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import Foundation
import UnsplashAPI

/// `endless fetch photos`: one page of Unsplash's feed, or one photo by id, printed as a
/// table, JSON, NDJSON or CSV.
enum FetchPhotosCommand {
    enum Options {
        static let api = Option(
            "api", placeholder: "URL", help: "The Unsplash-compatible API root, e.g. https://api.unsplash.com/.",
            defaultDescription: "the embedded simulator", parser: ValueParsers.httpURL)
        static let page = Option(
            "page", placeholder: "N", help: "Which page, from 1 (past the last page, the list is empty).", default: 1,
            parser: ValueParsers.integer(in: 1...1_000_000))
        static let query = Option(
            "query", short: "q", placeholder: "WORDS",
            help: "Search instead (GET search/photos?query=): photos whose description, alt text or tags match.",
            parser: ValueParsers.nonEmpty)
        static let searchOrder = Option(
            "search-order", placeholder: "ORDER", help: "With --query: relevant or latest.", default: UnsplashSearchOrder.relevant,
            parser: ValueParsers.choice(UnsplashSearchOrder.self))
        static let id = Option(
            "id", placeholder: "ID", help: "Just this photo (GET photos/ID), with its camera and place.",
            parser: ValueParsers.nonEmpty)
    }

    static let declaration = CommandDeclaration(
        name: "photos",
        abstract: "Fetch photos from an Unsplash-compatible API once and print them.",
        discussion: "Asks for one page of the feed (GET photos?page=&per_page=&order_by=), or with --id for one "
            + "photo (GET photos/ID), and prints it. Without --api, the photos come from the embedded simulator's "
            + "Unsplash, which needs no key. Against the live API every request carries the access key as "
            + "`Authorization: Client-ID`: --access-key, else $\(PhotosFeed.accessKeyVariable); get one by registering "
            + "an application at \(UnsplashClient.keyRegistration). It never appears in a log. Table and CSV are "
            + "sanitized; JSON (the answer) and NDJSON (one photo a line) are what the API sent, fields this "
            + "client does not read included, with characters a terminal acts on written as \\u escapes."
            + "\n\n"
            + "Exit status: 0 on success, 1 when the request or the API failed (the reason goes to "
            + "standard error), 2 when the command line is wrong.",
        options: [
            Options.api.declaration, Options.page.declaration, PhotosFeed.Options.perPage.declaration,
            PhotosFeed.Options.orderBy.declaration, Options.query.declaration, Options.searchOrder.declaration, Options.id.declaration,
            PhotosFeed.Options.accessKey.declaration,
        ] + FetchSettings.Options.values + [FetchSettings.Options.verbose.declaration] + SimulatorOptions.declarations,
        examples: [
            .init(command: "endless fetch photos", explanation: "The ten latest photos from the embedded simulator."),
            .init(
                command: "endless fetch photos --api https://api.unsplash.com/ --access-key KEY --per-page 30",
                explanation: "Thirty photos from the live Unsplash."),
            .init(
                command: "endless fetch photos --order-by oldest --format ndjson | jq -r .blur_hash",
                explanation: "The BlurHash of each of the oldest photos."),
            .init(command: "endless fetch photos --id ID --format json", explanation: "One photo, as the API's object."),
            .init(command: "endless fetch photos --query sea", explanation: "The photos of the sea, best match first."),
        ])

    /// The `photos` subcommand of `endless fetch`.
    static let subcommand = Subcommand.fetch(
        declaration, noun: "photos", service: PhotosFeed.service,
        options: { parsed throws(UsageError) in try FetchPhotosCommand.options(from: parsed) }
    ) { options, endpoint, output in
        await run(options, output: output, client: UnsplashClient(http: endpoint.http, accessKey: options.accessKey))
    }

    /// Reads the command line.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> FetchPhotosOptions {
        var options = FetchPhotosOptions()
        options.api = try parsed[Options.api]
        if let api = options.api { try SimulatorOptions.requireNone(in: parsed, because: api.absoluteString) }
        options.page = try parsed[Options.page]
        options.perPage = try parsed[PhotosFeed.Options.perPage]
        options.orderBy = try parsed[PhotosFeed.Options.orderBy]
        options.id = try parsed[Options.id]
        if let words = try parsed[Options.query] {
            guard let text = SearchText(words) else {
                throw UsageError(command: parsed.command, message: "--query has no words to search for")
            }
            options.query = text
        }
        options.searchOrder = try parsed[Options.searchOrder]
        if options.query != nil, options.id != nil || parsed.isGiven(PhotosFeed.Options.orderBy.declaration) {
            throw UsageError(
                command: parsed.command, message: "--query searches; --id and --order-by have nothing to do with it",
                hint: "order a search with --search-order relevant|latest")
        }
        let paging = [Options.page.declaration, PhotosFeed.Options.perPage.declaration, PhotosFeed.Options.orderBy.declaration]
        if options.id != nil, paging.contains(where: parsed.isGivenOnCommandLine) {
            throw UsageError(
                command: parsed.command, message: "--id fetches one photo; --page, --per-page and --order-by have nothing to do with it",
                hint: "drop them, or drop --id for a page of photos")
        }
        options.accessKey = try PhotosFeed.accessKey(from: parsed, api: options.api)
        options.common = try FetchSettings.read(from: parsed)
        options.simulator = try SimulatorOptions.settings(from: parsed)
        return options
    }

    /// Fetches and prints.
    /// - Parameters:
    ///   - options: what to fetch and how to print it.
    ///   - output: where to print.
    ///   - client: the Unsplash client to ask.
    /// - Returns: 0 when printed, 1 when the request failed (the reason on standard error).
    static func run(_ options: FetchPhotosOptions, output: CommandOutput, client: UnsplashClient) async -> Int32 {
        let width = TableWidth.of(output)
        let text: String
        do throws(UnsplashError) {
            if let id = options.id {
                text = PhotosFormatter.format(single: try await client.photo(id: id), as: options.common.format, width: width)
            } else if let query = options.query {
                let found = try await client.searchPhotos(query, page: options.page, perPage: options.perPage, orderBy: options.searchOrder)
                if found.photos.isEmpty {
                    output.standardError(
                        "endless fetch photos: \(found.total == 0 ? "no photos found" : "page \(options.page) is past the last page (\(found.total) photos found)")\n"
                    )
                }
                let page = UnsplashPhotoPage(
                    photos: found.photos, page: found.page, perPage: options.perPage ?? UnsplashClient.defaultPerPage, total: found.total,
                    nextPage: found.nextPage, rateLimit: found.rateLimit)
                text = PhotosFormatter.format(page, as: options.common.format, width: width)
            } else {
                let page = try await client.photos(page: options.page, perPage: options.perPage, orderBy: options.orderBy)
                if page.photos.isEmpty, let total = page.total {
                    output.standardError(
                        "endless fetch photos: page \(options.page) is past the last page (\(total) photos); no photos on it\n")
                }
                if options.common.verbose, let budget = page.rateLimit {
                    output.standardError("endless fetch photos: \(budget.summary)\n")
                }
                text = PhotosFormatter.format(page, as: options.common.format, width: width)
            }
        } catch {
            output.standardError("endless fetch photos: \(TextSanitizer.sanitize(PhotosFeedError(error).description))\n")
            return ExitCode.failure.rawValue
        }
        output.standardOutput(text)
        return ExitCode.success.rawValue
    }
}
