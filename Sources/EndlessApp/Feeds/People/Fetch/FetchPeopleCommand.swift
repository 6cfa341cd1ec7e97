import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import Foundation
import RandomUserAPI

/// `endless fetch people` (and plain `endless fetch`): one request for people, printed as a
/// table, JSON, NDJSON or CSV.
///
/// It takes the path every feed's fetch takes (``Subcommand/fetch(_:noun:command:service:options:run:)``:
/// the command line read, then the connection opened, `--api` or the embedded simulator). The
/// network step is a seam: ``run(options:output:now:fetchPage:)`` takes the function that turns
/// a query into a response. Tests pass a stub; the program passes ``liveFetcher``, which asks
/// a ``RandomUserClient`` on the endpoint.
public enum FetchPeopleCommand {
    /// Turns a query into a response: the network step. Throw the HTTP layer's or
    /// ``RandomUserAPIError``'s errors; their `description` is what the person sees.
    public typealias FetchPage = @Sendable (RandomUserQuery) async throws -> RandomUserResponse
    /// Builds the network step for one run, from the parsed options and the endpoint the
    /// connection opened (its client has the run's timeout, retries and verbose log).
    public typealias MakeFetcher = @Sendable (FetchPeopleOptions, FeedEndpoint) -> FetchPage

    static let declaration = CommandDeclaration(
        name: "people",
        abstract: "Fetch people from a randomuser.me-compatible API once and print them (the default).",
        discussion: "Asks the API for one page of people and prints it to standard output. "
            + "Without --api, the people come from the embedded simulator, an offline randomuser.me "
            + "started on a loopback port for the run (its flags below shape its data and its faults). "
            + "Everything the server sent is sanitized before it is printed as a table or CSV, so no "
            + "control character or escape sequence from the network reaches your terminal. JSON (the "
            + "response) and NDJSON (one person a line) are what the server sent, in its version's shape "
            + "and key order, with such characters written as \\u escapes."
            + "\n\n"
            + "Exit status: 0 on success, 1 when the request or the API failed (the reason goes to "
            + "standard error), 2 when the command line is wrong.",
        options: Options.valueOptions + FetchSettings.Options.values + [FetchSettings.Options.verbose.declaration]
            + SimulatorOptions.declarations,
        examples: [
            .init(command: "endless fetch", explanation: "Ten random people from the embedded simulator, as a table."),
            .init(
                command: "endless fetch --api https://randomuser.me/api/ -n 5",
                explanation: "Five people from the live randomuser.me service."),
            .init(
                command: "endless fetch --results 5 --nat us,gb --gender female",
                explanation: "Five women from the United States and the United Kingdom."),
            .init(
                command: "endless fetch --seed endless --page 2 --format json",
                explanation: "The second page of a reproducible list, as the JSON response the server sent."),
            .init(
                command: "endless fetch -n 100 --inc name,email,nat --format csv > people.csv",
                explanation: "A hundred people with three fields, as CSV for a spreadsheet."),
            .init(
                command: "endless fetch --format ndjson | grep '\"nat\":\"NL\"'",
                explanation: "One JSON person per line, for line-oriented tools."),
            .init(
                command: "endless fetch --api http://127.0.0.1:8080/ --api-version 1.3 --timeout 5 --retries 0 -v",
                explanation: "Ask another server for API version 1.3, fail fast, and log the request."),
            .init(
                command: "endless fetch --fail-rate 0.5 --empty-results-rate 0.2 --retries 5 -v",
                explanation: "Watch the client retry through a simulator that fails half its requests."),
        ])

    /// The `fetch` subcommand for a ``CommandLineTool``.
    /// - Parameter makeFetcher: builds the network step from the parsed options and the endpoint.
    /// - Returns: the subcommand: it parses the options (usage errors exit 2), connects, then runs.
    public static func subcommand(makeFetcher: @escaping MakeFetcher = liveFetcher) -> Subcommand {
        // Its messages start `endless fetch`, as the default subcommand's always have.
        Subcommand.fetch(
            declaration, noun: "people", command: "endless fetch", service: PeopleFeed.service,
            options: { parsed throws(UsageError) in try FetchPeopleCommand.options(from: parsed) }
        ) { options, endpoint, output in
            await run(options: options, output: output, fetchPage: makeFetcher(options, endpoint))
        }
    }

    /// Fetches one page and prints it.
    ///
    /// - Parameters:
    ///   - options: what to fetch and how to print it.
    ///   - output: where to print; its terminal width fits the table (100 when not a TTY).
    ///   - now: the instant ages are computed at for bodies without `dob.age` (v1.0).
    ///   - fetchPage: the network step.
    /// - Returns: 0 when the people were printed; 1 when fetching failed, with the error's
    ///   description (sanitized) on standard error.
    public static func run(
        options: FetchPeopleOptions, output: CommandOutput, now: Date = Date(), fetchPage: FetchPage
    ) async -> Int32 {
        let query = options.query
        let start = ContinuousClock.now
        let response: RandomUserResponse
        do {
            response = try await fetchPage(query)
            // Also checked here, in case the network step decoded with a plain decoder.
            try RandomUserResponseReader.validate(response)
        } catch {
            output.standardError(
                "endless fetch: \(TextSanitizer.sanitize(FetchSettings.describe(error, waitingFor: "people")))\n")
            return ExitCode.failure.rawValue
        }
        if options.verbose {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Int((Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15).rounded())
            output.standardError("endless fetch: \(response.results.count) people in \(milliseconds) ms\n")
        }
        output.standardOutput(format(response, as: options.format, width: TableWidth.of(output), now: now, query: query))
        return ExitCode.success.rawValue
    }

    /// The people in `format`, fitted to `width` (``PeopleTableFormatter/defaultWidth`` when nil).
    static func format(
        _ response: RandomUserResponse, as format: OutputFormat, width: Int?, now: Date, query: RandomUserQuery? = nil
    ) -> String {
        switch format {
        case .table: PeopleTableFormatter(width: width ?? TableWidth.whenPiped, now: now).format(response.results)
        case .json: FetchJSON.json(response.rawJSON)
        case .ndjson: FetchJSON.ndjson(response.results)
        case .csv: PeopleCSVFormatter.format(response.results, for: query)
        }
    }

    /// The network step of the real program: asks the endpoint's ``RandomUserClient``.
    public static let liveFetcher: MakeFetcher = { _, endpoint in
        { query in try await RandomUserClient(http: endpoint.http).page(query) }
    }
}
