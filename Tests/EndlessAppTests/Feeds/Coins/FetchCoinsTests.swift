import CoinGeckoAPI
import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `endless fetch coins` and `endless coins` when not in a terminal: formats, numbers as the
/// API sent them, exit codes, the typed rate limit, the demo key kept out of logs, hostile text.
@Suite("Coins: endless fetch coins", .timeLimit(TimeBudget.minutes(1)))
struct FetchCoinsTests {
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

    @Test("table: a header and a row a coin, fitted to the width; with --sparkline, each coin's week in braille")
    func table() async throws {
        let run = await Self.run(["fetch", "coins", "--per-page", "5", "--sparkline"])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        try #require(lines.count == 6)
        #expect(lines[0].hasPrefix("#  COIN") && lines[0].contains("PRICE (USD)") && lines[0].contains("7 DAYS"))
        #expect(lines[1].contains("Bitcoin") && lines[1].contains("BTC"))
        #expect(lines[1].unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }, "braille")
        #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= TableWidth.whenPiped })
    }

    @Test("json is the API's array, ndjson one market a line, csv the API's field names; in euros when asked")
    func formats() async throws {
        let json = await Self.run(["fetch", "coins", "--per-page", "3", "--vs-currency", "eur", "--format", "json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(array.compactMap { $0["id"] as? String } == ["bitcoin", "ethereum", "tether"])
        #expect(array.first?["price_change_percentage_7d_in_currency"] != nil)
        let ndjson = await Self.run(["fetch", "coins", "-n", "4", "--format", "ndjson"])  // -n: --per-page, as for people
        let records = ndjson.standardOutput.split(separator: "\n")
        try #require(records.count == 4)
        #expect(records.allSatisfy { $0.hasPrefix(#"{"id":""#) && $0.contains(#""circulating_supply":"#) })
        let first = try #require(records.first)
        #expect(first.contains(#""circulating_supply":19812345.0,"#), "a float supply stays a float")
        let csv = await Self.run(["fetch", "coins", "--per-page", "2", "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("id,symbol,name,current_price,market_cap,market_cap_rank,"))
        #expect(csv.standardOutput.split(separator: "\r\n").count == 3)
    }

    @Test("ndjson and json print every number exactly as the API sent it, fields this client does not know included")
    func literals() async throws {
        let body =
            #"[{"id":"tiny","symbol":"tny","name":"Tiny","current_price":2.456e-05,"market_cap":1903456789012,"total_supply":19812345.0,"ath":0.000024560,"market_cap_rank":1E+3,"roi":null,"mystery":{"n":-0.0}}]"#
        let client = try Self.client(answering: body)
        for format in [OutputFormat.ndjson, .json] {
            var options = FetchCoinsOptions()
            options.common.format = format
            let captured = CapturedOutput()
            #expect(await FetchCoinsCommand.run(options, output: captured.output, client: client) == 0)
            let output = captured.standardOutput
            for literal in ["2.456e-05", "1903456789012", "19812345.0", "0.000024560", "1E+3", "-0.0"] {
                #expect(output.contains(literal), "\(format) keeps \(literal): \(output)")
            }
            #expect(output.contains(#""mystery""#))
        }
        var table = FetchCoinsOptions()
        table.common.format = .table
        let captured = CapturedOutput()
        _ = await FetchCoinsCommand.run(table, output: captured.output, client: client)
        #expect(captured.standardOutput.contains("0.00002456"), "the table formats it as a trader reads it")
    }

    @Test(
        "exit 2 for a bad command line, naming the flag",
        arguments: [
            (["--per-page", "0"], "--per-page"), (["--per-page", "251"], "--per-page"), (["--vs-currency", "doge-dollars"], "--vs-currency"),
            (["--api", "ftp://x/"], "--api"),
            (["--api", "https://api.coingecko.com/api/v3/", "--coingecko-rate-limit", "5"], "--coingecko-rate-limit"),
            (["--coingecko-rate-limit", "often"], "--coingecko-rate-limit"), (["--page", "0"], "--page"),
        ])
    func usage(_ arguments: [String], flag: String) async {
        let run = await Self.run(["fetch", "coins"] + arguments)
        #expect(run.status == 2)
        #expect(run.standardError.hasPrefix("endless fetch coins: "), "\(run.standardError)")
        #expect(run.standardError.contains(flag))
        #expect(run.standardOutput.isEmpty)
    }

    @Test("exit 1 when the API fails: unreachable, rate limited with the wait shown, Cloudflare's 1015, a bad demo key")
    func failures() async {
        let closed = await Self.run(["fetch", "coins", "--api", "http://127.0.0.1:1/api/v3/", "--retries", "0", "--timeout", "5"])
        #expect(closed.status == 1 && closed.standardError.hasPrefix("endless fetch coins: "))
        let limited = await Self.run(["fetch", "coins", "--throttle-rate", "1", "--retries", "0"])
        #expect(limited.status == 1)
        #expect(limited.standardError.contains("CoinGecko's rate limit: You've exceeded the Rate Limit."), "\(limited.standardError)")
        #expect(limited.standardError.contains("try again in "))
        let blocked = await Self.run(["fetch", "coins", "--html-rate", "1", "--retries", "0"])
        #expect(blocked.status == 1 && blocked.standardError.contains("Cloudflare error 1015"), "\(blocked.standardError)")
        let key = await Self.run(["fetch", "coins", "--demo-key", "not-a-demo-key"])
        #expect(key.status == 1)
        #expect(key.standardError.contains("Invalid API Key") && key.standardError.contains("--demo-key"), "\(key.standardError)")
        #expect(key.standardOutput.isEmpty)
    }

    @Test("the demo key goes in its header and never into the verbose log")
    func demoKeyRedacted() async {
        let run = await Self.run(["fetch", "coins", "--per-page", "1", "--demo-key", "CG-very-secret", "--verbose"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("GET "), "the log has the request")
        #expect(!run.standardError.contains("CG-very-secret"))
    }

    @Test("`endless coins` when not in a terminal prints its first page as fetch would")
    func notATerminal() async {
        let run = await Self.run(["coins", "--coins-per-page", "3", "--graphics", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("not a terminal"))
        #expect(run.standardOutput.split(separator: "\n").count == 4)
    }

    @Test("hostile text from the API never reaches the terminal: table and CSV sanitized, JSON and NDJSON escaped")
    func hostile() async throws {
        let body = #"[{"id":"evil","symbol":"e\u001b]52;c;cm0=\u0007v","name":"Evil\u001b[2J Coin\u202e","image":"\u009b31m","current_price":1}]"#
        let client = try Self.client(answering: body)
        for format in OutputFormat.allCases {
            var options = FetchCoinsOptions()
            options.common.format = format
            let captured = CapturedOutput()
            #expect(await FetchCoinsCommand.run(options, output: captured.output, client: client) == 0)
            let output = captured.standardOutput
            #expect(
                !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" || $0 == "\u{07}" }, "\(format): \(output)")
            if format != .json { #expect(output.contains("Evil"), "\(format)") }
        }
    }

    /// A client whose every request gets `body`.
    static func client(answering body: String) throws -> CoinGeckoClient {
        let http = HTTPClient(
            baseURL: try HTTPClient.baseURL(parsing: "https://api.coingecko.test/api/v3/"),
            configuration: .init(retryPolicy: .never), transport: CannedTransport(body: body))
        return CoinGeckoClient(http: http)
    }
}

/// Answers every request with one JSON body.
struct CannedTransport: HTTPTransport {
    let body: String

    func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> EndlessHTTP.HTTPResponse {
        EndlessHTTP.HTTPResponse(
            statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8), url: request.url)
    }
}
