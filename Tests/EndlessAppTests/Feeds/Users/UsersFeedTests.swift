import Endless
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessSimulator
import EndlessTerminal
import EndlessTesting
import Foundation
import ReqresAPI
import Testing

@testable import EndlessApp

/// The users feed: `endless fetch users`, and the users tab's list and details, against the
/// embedded simulator and against canned hostile answers.
@Suite("Users feed", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct UsersFeedTests {
    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// `endless <arguments>` through the real tool, on the embedded simulator.
    static func run(_ arguments: [String]) async -> Run {
        let captured = CapturedOutput()
        let status = await EndlessCommand.tool.run(arguments, output: captured.output)
        return Run(status: status, standardOutput: captured.standardOutput, standardError: captured.standardError)
    }

    @Test("fetch users: a table of the first page, one user as the API's object, NDJSON each user as sent")
    func fetchFormats() async throws {
        let table = await Self.run(["fetch", "users"])
        #expect(table.status == 0, "\(table.standardError)")
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("ID  NAME") == true)
        #expect(lines.count == 7 && lines[1].contains("George Bluth"))

        let janet = await Self.run(["fetch", "users", "--id", "2", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(janet.standardOutput.utf8)) as? [String: Any]
        #expect(object?["first_name"] as? String == "Janet" && object?["id"] as? Int == 2)

        let ndjson = await Self.run(["fetch", "users", "-n", "12", "--format", "ndjson"])  // -n: --per-page
        let records = ndjson.standardOutput.split(separator: "\n")
        #expect(records.count == 12)
        // Each user as the service sent it: its keys in its order, not sorted.
        #expect(records.allSatisfy { $0.hasPrefix(#"{"id":"#) && $0.contains(#""first_name":"#) })
    }

    @Test("fetch users: no user 23 exits 1 with that; past the last page the list is empty and stderr says why")
    func fetchFailures() async {
        let missing = await Self.run(["fetch", "users", "--id", "23"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "endless fetch users: no user 23\n")
        #expect(missing.standardOutput.isEmpty)

        let past = await Self.run(["fetch", "users", "--page", "3", "--format", "csv"])
        #expect(past.status == 0)
        #expect(past.standardOutput == "id,email,first_name,last_name,avatar\r\n")
        #expect(past.standardError.contains("page 3 is past the last page (2)"))
    }

    @Test(
        "fetch users usage errors exit 2 and name the flag",
        arguments: [
            (["--per-page", "0"], "--per-page"), (["--id", "2", "--page", "2"], "--id"), (["--api", "ftp://x/"], "--api"),
            (["--delay", "11"], "--delay"), (["--api", "https://reqres.in/api/", "--fail-rate", "0.5"], "--fail-rate"),
        ])
    func fetchUsageErrors(_ arguments: [String], flag: String) async {
        let run = await Self.run(["fetch", "users"] + arguments)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("endless fetch users: "), "\(run.standardError)")
        #expect(run.standardError.contains(flag))
        #expect(run.standardOutput.isEmpty)
    }

    /// A reqres client on the simulator, with `apiKey`.
    static func simulatorClient(apiKey: String?) throws -> (client: ReqresClient, stop: () -> Void) {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        try server.start()
        let base = try #require(server.baseURL(of: .reqres))
        let http = HTTPClient(baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(20))))
        return (ReqresClient(http: http, apiKey: apiKey), { server.stop() })
    }

    static func model(_ client: ReqresClient, clock: ManualClock) -> FeedViewModel<ExplainingSource<ReqresPageSource>> {
        FeedViewModel(
            feed: Feed(
                source: ExplainingSource(upstream: ReqresPageSource(client: client), explain: UsersFeed.explain),
                configuration: FeedConfiguration(pageSize: 6, minimumIndicatorDuration: .zero), clock: clock),
            descriptor: UsersFeed.descriptor(client: client, sourceLabel: "test"), images: nil, clock: clock)
    }

    @Test("fetch users without a key exits 1 and says which flag or variable gives one")
    func fetchMissingKey() async throws {
        let (client, stop) = try Self.simulatorClient(apiKey: nil)
        defer { stop() }
        let captured = CapturedOutput()
        let status = await FetchUsersCommand.run(FetchUsersOptions(), output: captured.output, client: client)
        #expect(status == 1)
        #expect(captured.standardError.contains("Missing API key."))
        #expect(captured.standardError.contains("Pass --api-key KEY or set REQRES_API_KEY"))
    }

    @Test("the tab without a key: the centre says what the service said and what to do")
    func tabMissingKey() async throws {
        let (client, stop) = try Self.simulatorClient(apiKey: nil)
        defer { stop() }
        let model = Self.model(client, clock: ManualClock())
        model.start()
        await model.wait { if case .firstLoadFailed = $0.content { true } else { false } }
        guard case .firstLoadFailed(let reason) = model.content else { return }
        #expect(reason.raw.contains("Missing API key.") && reason.raw.contains("--api-key"))
    }

    @Test("details open at once from the list, then show the user fetched by id with the support note")
    func detailsFetchByID() async throws {
        let (client, stop) = try Self.simulatorClient(apiKey: ReqresClient.freeAPIKey)
        defer { stop() }
        let model = Self.model(client, clock: ManualClock())
        model.start()
        await model.wait { $0.rowCount == 6 }
        model.select(1)
        model.perform(.openDetails, visibleRows: 5)
        #expect(model.details?.title.raw == "Janet Weaver")
        #expect(model.details?.note == .loading)
        await model.wait { $0.details?.note != .loading }
        #expect(model.details?.note == .remark(UntrustedText("To keep ReqRes free, contributions towards server costs are appreciated!")))
        #expect(model.details?.fields.first { $0.label == "email" }?.value.raw == "janet.weaver@reqres.in")
    }

    /// A client whose answers come from ``CannedURLProtocol``, under a path of its own.
    static func cannedClient(_ root: String) throws -> ReqresClient {
        let base = try #require(URL(string: "http://canned.invalid/\(root)/"))
        let http = HTTPClient(
            baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0)),
            transport: URLSessionTransport(configuration: CannedURLProtocol.configuration))
        return ReqresClient(http: http)
    }

    /// A list of one user (`id`, `First Last`) answered under `root`, its details opened with
    /// `record` as the answer to the fetch by id, once that fetch has ended.
    static func detailsOfOneUser(
        root: String, id: Int, first: String, last: String, record: CannedURLProtocol.Reply
    ) async throws -> FeedViewModel<ExplainingSource<ReqresPageSource>> {
        let user = #"{"id":\#(id),"email":"\#(first.lowercased())@reqres.in","first_name":"\#(first)","last_name":"\#(last)","avatar":null}"#
        CannedURLProtocol.answer(
            "/\(root)/users", with: .init(body: #"{"page":1,"per_page":6,"total":1,"total_pages":1,"data":["# + user + "]}"))
        CannedURLProtocol.answer("/\(root)/users/\(id)", with: record)
        let model = Self.model(try Self.cannedClient(root), clock: ManualClock())
        model.start()
        await model.wait { $0.rowCount == 1 }
        model.perform(.openDetails, visibleRows: 5)
        await model.wait { $0.details?.note != .loading }
        return model
    }

    @Test("details of a user the service no longer has: the list's fields stay, the note says `no user 99`")
    func detailsOfAMissingUser() async throws {
        let model = try await Self.detailsOfOneUser(root: "gone", id: 99, first: "Gone", last: "Away", record: .init(status: 404, body: "{}"))
        #expect(model.details?.note == .failed(UntrustedText("no user 99")))
        #expect(model.details?.title.raw == "Gone Away")
    }

    @Test("R fetches details that failed again, as it retries a page; the panel says so; with nothing failed it asks for nothing")
    func retryFailedDetails() async throws {
        let model = try await Self.detailsOfOneUser(root: "flaky", id: 7, first: "Mo", last: "Flaky", record: .init(status: 503, body: "busy"))
        guard case .failed = model.details?.note else {
            Issue.record("the fetch did not fail: \(String(describing: model.details?.note))")
            return
        }
        let panel = try #require(Self.detailsScreen(model))
        #expect(panel.contains("✖ press R to retry · "), "\(panel)")

        CannedURLProtocol.answer(
            "/flaky/users/7",
            with: .init(
                body: #"{"data":{"id":7,"email":"mo@reqres.in","first_name":"Mo","last_name":"Steady","avatar":null},"#
                    + #""support":{"url":"https://reqres.in/#support-heading","text":"Thanks for waiting."}}"#
            ))
        model.perform(.retry, visibleRows: 5)
        #expect(model.details?.note == .loading, "R started the fetch again")
        await model.wait { $0.details?.note != .loading }
        #expect(model.details?.note == .remark(UntrustedText("Thanks for waiting.")))
        #expect(model.details?.title.raw == "Mo Steady")
        // Nothing failed now: R leaves the details as they are.
        model.perform(.retry, visibleRows: 5)
        #expect(model.details?.note == .remark(UntrustedText("Thanks for waiting.")))
    }

    /// The screen of `model`'s tab, its details open, drawn at 80×24, as text.
    static func detailsScreen(_ model: FeedViewModel<ExplainingSource<ReqresPageSource>>) -> String? {
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let tab = FeedTab(kind: .users, model: model, style: UsersFeed.rowStyle, cells: cells, images: nil)
        let browser = BrowserModel(tabs: [tab], opening: .users)
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        return frame.lines.joined(separator: "\n")
    }

    @Test("hostile text from the API never reaches the terminal: table and CSV sanitized, JSON and NDJSON escaped")
    func hostileUsers() async throws {
        let hostile = #"{"id":1,"email":"e\u001b]52;c;cm0=\u0007@x","first_name":"Eve\u001b[2J","last_name":"Mal\u202elory","avatar":"\u009b31m"}"#
        CannedURLProtocol.answer(
            "/hostile/users", with: .init(body: #"{"page":1,"per_page":6,"total":1,"total_pages":1,"data":["# + hostile + "]}"))
        let client = try Self.cannedClient("hostile")
        for format in OutputFormat.allCases {
            var options = FetchUsersOptions()
            options.common.format = format
            let captured = CapturedOutput()
            #expect(await FetchUsersCommand.run(options, output: captured.output, client: client) == 0)
            let output = captured.standardOutput
            #expect(!output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{07}" }, "\(format)")
            if format != .json { #expect(output.contains("Eve"), "\(format)") }
        }
    }
}
