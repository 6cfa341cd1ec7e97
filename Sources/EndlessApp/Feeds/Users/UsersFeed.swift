import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import Foundation
import ReqresAPI

/// The users feed: reqres.in's list of users and, in the details, one user by id, as the
/// "Alamofire & Combine MVVM with reqres.in" tutorial does. The list really ends.
enum UsersFeed {
    /// The users feed, as the browser and `endless fetch` know it.
    static let definition = FeedDefinition(
        id: .users, abstract: "Browse reqres.in's users, with avatars; details fetch each user by id.", service: service,
        liveAPI: "https://reqres.in/api/", flags: [Options.apiKey.declaration, Options.usersPerPage.declaration],
        fetch: FetchUsersCommand.subcommand,
        examples: [
            .init(command: "endless users", explanation: "The embedded simulator's reqres.in users, to the end of the list."),
            .init(command: "endless users --per-page 3", explanation: "Three users a page: watch the next page load."),
            .init(
                command: "endless users --api https://reqres.in/api/ --api-key reqres-free-v1",
                explanation: "Users from the live reqres.in."),
        ],
        cachePolicy: cachePolicy, explain: explain,
        settings: { parsed, api, environment throws(UsageError) in try settings(from: parsed, api: api, environment: environment) },
        tab: { settings, context in
            let client = ReqresClient(http: context.endpoint.http, apiKey: settings.apiKey)
            return FeedTabParts(
                source: ReqresPageSource(client: client), descriptor: descriptor(client: client, sourceLabel: context.endpoint.label),
                rowStyle: rowStyle, paging: .adaptive(pageSize: settings.perPage))
        },
        // reqres.in cannot search: a filter of the users loaded and the pages after them.
        search: .filter { user, words in
            let text = [user.firstName, user.lastName, user.email, String(user.id)].compactMap { $0 }.joined(separator: " ").lowercased()
            return words.allSatisfy(text.contains)
        },
        // reqres.in's users have no page: y copies the email, else the id.
        links: FeedLinks(copies: "email") { user in user.email.map { ("email", $0) } ?? ("id", String(user.id)) },
        printFirstPage: { settings, endpoint, output in
            await FetchUsersCommand.run(
                FetchUsersOptions(perPage: settings.perPage), output: output,
                client: ReqresClient(http: endpoint.http, apiKey: settings.apiKey))
        })

    /// The simulator's reqres.in.
    static let service = SimulatedService.reqres

    /// The users tab's settings, from `endless`'s flags.
    struct Settings: Sendable {
        /// The key sent in `x-api-key`.
        var apiKey: String
        var perPage = UsersFeed.Options.usersPerPage.defaultValue
    }

    /// reqres.in's own page size.
    static let defaultPerPage = 6
    /// Users hardly change: a cached page is fresh for a day.
    static let cachePolicy = CachePolicy(maxAge: .seconds(86_400))
    /// Where the key can come from when `--api-key` is not given.
    static let apiKeyVariable = "REQRES_API_KEY"

    enum Options {
        static let apiKey = Option(
            "api-key", placeholder: "KEY",
            help: "The x-api-key reqres.in wants (default: $\(UsersFeed.apiKeyVariable), else the free key "
                + "\(ReqresClient.freeAPIKey)).",
            parser: ValueParsers.nonEmpty, secret: true, environment: UsersFeed.apiKeyVariable)
        /// Left out, the request names no page size: the service's own, 6.
        static let perPage = Option(
            "per-page", short: "n", placeholder: "N", help: "Users per page, 1-1000.",
            defaultDescription: String(UsersFeed.defaultPerPage), parser: ValueParsers.integer(in: ReqresClient.perPageRange))
        static let usersPerPage = Option(
            "users-per-page", placeholder: "N", help: "Users per page on the users tab, 1-1000.",
            default: UsersFeed.defaultPerPage, parser: ValueParsers.integer(in: ReqresClient.perPageRange))
    }

    /// Reads the users tab's flags.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> Settings {
        Settings(
            apiKey: try apiKey(from: parsed, environment: environment),
            perPage: try parsed[Options.usersPerPage])
    }

    /// `--api-key`, else `$REQRES_API_KEY`, else the free key.
    static func apiKey(
        from parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> String {
        if let key = try parsed[Options.apiKey] { return key }
        if let key = environment[apiKeyVariable], !key.isEmpty { return key }
        return ReqresClient.freeAPIKey
    }

    /// What the browser needs to know about users: details come from `GET users/{id}`.
    static func descriptor(client: ReqresClient, sourceLabel: String) -> FeedDescriptor<ReqresUser, Int> {
        FeedDescriptor(
            nouns: Nouns("user", "users"), sourceLabel: sourceLabel,
            describeKey: { PageLabel(page: $0) },
            details: { user, _ in UserDetails.of(user, support: nil) },
            fetchDetails: { user, _ in
                do throws(ReqresError) {
                    let single = try await client.user(id: user.id)
                    return UserDetails.of(single.data, support: single.support)
                } catch {
                    throw UsersFeed.explained(error)
                }
            },
            rowImage: { user, sizing in
                user.avatarURL.map { FeedImage(url: $0, size: sizing.row, contentMode: .fill) }
            },
            endOfList: { count in "that's everyone · \(Nouns("user", "users").count(count))" })
    }

    /// How a user's row looks: the avatar, the name in bold, the email dim.
    @MainActor
    static var rowStyle: FeedRowStyle<ReqresUser> {
        var style = FeedRowStyle<ReqresUser>(height: AvatarRow.height) { user, context, frame in
            AvatarRow.draw(
                title: UntrustedText(user.fullName), subtitle: UntrustedText(user.email ?? ""),
                initials: AvatarRow.initials([user.firstName, user.lastName]), context: context, into: &frame)
        }
        style.marksSelection = false  // the browser's bar is the mark
        return style
    }

    /// A reqres error with what to do about a missing key, in this app's terms.
    static func explained(_ error: ReqresError) -> UsersFeedError {
        UsersFeedError(error)
    }

    /// The list's errors, explained (``ExplainingSource``).
    @Sendable static func explain(_ error: any Error) -> (any Error)? {
        (error as? ReqresError).map(explained)
    }
}

/// A reqres error as the app explains it: a missing key says which flag or variable gives one.
struct UsersFeedError: Error, CustomStringConvertible, RequestFailure {
    let error: ReqresError

    init(_ error: ReqresError) {
        self.error = error
    }

    /// The service's account of how the request failed, for the status line.
    var requestFailureKind: RequestFailureKind { error.requestFailureKind }

    var description: String {
        if case .missingAPIKey = error {
            return "\(error.description) Pass --api-key KEY or set \(UsersFeed.apiKeyVariable)."
        }
        return error.description
    }
}

extension FeedID {
    /// reqres.in: a short list of users.
    static let users = FeedID(name: "users", number: 4)
}
