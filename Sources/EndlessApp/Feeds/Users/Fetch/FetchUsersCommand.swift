import EndlessCommandLine
import EndlessTerminal
import Foundation
import ReqresAPI

/// `endless fetch users`: one page of reqres.in users, or one user by id, printed as a table,
/// JSON, NDJSON or CSV.
enum FetchUsersCommand {
    enum Options {
        static let api = Option(
            "api", placeholder: "URL", help: "The reqres-compatible API root, e.g. https://reqres.in/api/.",
            defaultDescription: "the embedded simulator", parser: ValueParsers.httpURL)
        static let page = Option(
            "page", placeholder: "N", help: "Which page, from 1 (past the last page, the list is empty).", default: 1,
            parser: ValueParsers.integer(in: 1...1_000_000))
        static let id = Option(
            "id", placeholder: "N", help: "Just this user (GET users/N) instead of a page.",
            parser: ValueParsers.integer(in: 1...Int(Int32.max)))
        static let delay = Option(
            "delay", placeholder: "SECONDS", help: "Ask the server to wait this long before answering, 0-10.",
            parser: ValueParsers.integer(in: ReqresClient.delayRange))
    }

    static let declaration = CommandDeclaration(
        name: "users",
        abstract: "Fetch users from a reqres.in-compatible API once and print them.",
        discussion: "Asks for one page of users (GET users?page=&per_page=), or with --id for one user "
            + "(GET users/N), and prints it. Without --api, the users come from the embedded simulator's "
            + "reqres.in. Every request carries the x-api-key header reqres.in wants: --api-key, else "
            + "$\(UsersFeed.apiKeyVariable), else the free key \(ReqresClient.freeAPIKey); it never appears "
            + "in a log. Table and CSV are sanitized; JSON (the answer) and NDJSON (one user a line) are what the "
            + "API sent, fields this client does not read included, with characters a terminal acts on written "
            + "as \\u escapes."
            + "\n\n"
            + "Exit status: 0 on success, 1 when the request or the API failed (the reason goes to "
            + "standard error), 2 when the command line is wrong.",
        options: [
            Options.api.declaration, Options.page.declaration, UsersFeed.Options.perPage.declaration,
            Options.id.declaration, UsersFeed.Options.apiKey.declaration, Options.delay.declaration,
        ] + FetchSettings.Options.values + [FetchSettings.Options.verbose.declaration] + SimulatorOptions.declarations,
        examples: [
            .init(command: "endless fetch users", explanation: "The first page of users from the embedded simulator."),
            .init(
                command: "endless fetch users --api https://reqres.in/api/ --page 2",
                explanation: "The second page from the live reqres.in."),
            .init(command: "endless fetch users --id 2 --format json", explanation: "Janet Weaver, as the API's user object."),
            .init(
                command: "endless fetch users --per-page 12 --format ndjson | jq -r .email",
                explanation: "Every email, one per line."),
        ])

    /// The `users` subcommand of `endless fetch`.
    static let subcommand = Subcommand.fetch(
        declaration, noun: "users", service: UsersFeed.service,
        options: { parsed throws(UsageError) in try FetchUsersCommand.options(from: parsed) }
    ) { options, endpoint, output in
        await run(options, output: output, client: ReqresClient(http: endpoint.http, apiKey: options.apiKey))
    }

    /// Reads the command line.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> FetchUsersOptions {
        var options = FetchUsersOptions()
        options.api = try parsed[Options.api]
        if let api = options.api { try SimulatorOptions.requireNone(in: parsed, because: api.absoluteString) }
        options.page = try parsed[Options.page]
        options.perPage = try parsed[UsersFeed.Options.perPage]
        options.id = try parsed[Options.id]
        if options.id != nil,
            parsed.isGivenOnCommandLine(Options.page.declaration) || parsed.isGivenOnCommandLine(UsersFeed.Options.perPage.declaration)
        {
            throw UsageError(
                command: parsed.command, message: "--id fetches one user; --page and --per-page have nothing to do with it",
                hint: "drop --page and --per-page, or drop --id for a page of users")
        }
        options.delay = try parsed[Options.delay]
        options.apiKey = try UsersFeed.apiKey(from: parsed)
        options.common = try FetchSettings.read(from: parsed)
        options.simulator = try SimulatorOptions.settings(from: parsed)
        return options
    }

    /// Fetches and prints.
    /// - Parameters:
    ///   - options: what to fetch and how to print it.
    ///   - output: where to print.
    ///   - client: the reqres client to ask.
    /// - Returns: 0 when printed, 1 when the request failed (the reason on standard error).
    static func run(_ options: FetchUsersOptions, output: CommandOutput, client: ReqresClient) async -> Int32 {
        let width = TableWidth.of(output)
        let text: String
        do throws(ReqresError) {
            if let id = options.id {
                let single = try await client.user(id: id, delay: options.delay)
                text = UsersFormatter.format(single: single, as: options.common.format, width: width)
            } else {
                let list = try await client.users(page: options.page, perPage: options.perPage, delay: options.delay)
                if list.data.isEmpty, let pages = list.totalPages, options.page > pages {
                    output.standardError(
                        "endless fetch users: page \(options.page) is past the last page (\(pages)); no users on it\n")
                }
                text = UsersFormatter.format(list: list, as: options.common.format, width: width)
            }
        } catch {
            output.standardError("endless fetch users: \(TextSanitizer.sanitize(UsersFeedError(error).description))\n")
            return ExitCode.failure.rawValue
        }
        output.standardOutput(text)
        return ExitCode.success.rawValue
    }
}
