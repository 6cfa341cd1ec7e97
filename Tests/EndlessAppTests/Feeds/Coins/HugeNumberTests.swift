import CoinGeckoAPI
import EndlessCommandLine
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `"current_price":1e999999999` in a 600-byte answer once took 8.5 s and 300 MB to print (the
/// table wrote out its billion digits). The digits stay in json and ndjson; the table and the
/// details say the figure is too large; nothing costs more than the literal's length.
@Suite("Coins: a number no column can hold", .timeLimit(TimeBudget.minutes(2)))
struct HugeNumberTests {
    static let role = "huge-coin-number"
    static let body = #"""
        [{"id":"absurd","symbol":"abs","name":"Absurd","current_price":1e999999999,"market_cap":1e999999999,"market_cap_rank":7,"total_volume":-1E+999999999,"high_24h":1e999999999,"low_24h":1e-999999999,"price_change_24h":1e999999999,"price_change_percentage_24h":1e999999999,"market_cap_change_24h":1e999999999,"market_cap_change_percentage_24h":-1e999999999,"circulating_supply":1e999999999,"total_supply":1e999999999,"max_supply":1e999999999,"ath":1e999999999,"ath_change_percentage":1e999999999,"atl":1e-999999999,"roi":{"times":1e999999999,"currency":"usd","percentage":1e999999999},"last_updated":"2025-01-20T10:15:04.123Z"}]
        """#

    /// `endless fetch coins` of that answer over loopback, in `format`.
    static func fetch(_ format: String, server: LoopbackAnswer) async -> (status: Int32, output: String) {
        let captured = CapturedOutput()
        let status = await EndlessCommand.tool.run(
            ["fetch", "coins", "--api", server.url.absoluteString + "api/v3/", "--format", format, "--retries", "0"],
            output: captured.output)
        return (status, captured.standardOutput + captured.standardError)
    }

    @Test("json and ndjson keep the digits 1e999999999; the table says `too large`; a tiny one is shown with its exponent")
    func shown() async throws {
        let server = try LoopbackAnswer(body: Data(Self.body.utf8))
        defer { server.stop() }
        for format in ["json", "ndjson"] {
            let run = await Self.fetch(format, server: server)
            #expect(run.status == 0, "\(run.output)")
            #expect(run.output.contains("1e999999999") && run.output.contains("-1E+999999999") && run.output.contains("1e-999999999"))
            #expect(run.output.utf8.count < 2 * Self.body.utf8.count)
        }
        let table = await Self.fetch("table", server: server)
        #expect(table.status == 0, "\(table.output)")
        let row = try #require(table.output.split(separator: "\n").last)
        #expect(row.contains("Absurd") && row.contains(MoneyFormat.tooLarge), "\(row)")
        #expect(table.output.utf8.count < 2_000)
        let csv = await Self.fetch("csv", server: server)
        #expect(csv.output.contains(",1e999999999,"), "csv writes the literal as sent")
    }

    @Test("the details: every huge figure reads `too large`, the tiny low its exponent")
    func details() throws {
        let market = try CoinMarket(rawJSON: try #require(try RawJSON(parsing: Array(Self.body.utf8)).elements?.first))
        let details = CoinDetails.of(market, currency: "usd", now: Date(timeIntervalSince1970: 0))
        let texts = details.fields.map { "\($0.label): \($0.value.raw)" }
        #expect(texts.contains("price: too large USD"), "\(texts)")
        #expect(texts.contains("24h low: 1e-999999999 USD"), "\(texts)")
        #expect(texts.joined().utf8.count < 4_000)
        #expect(MoneyFormat.price(DecimalNumber("9.99e30")) == "9,990,000,000,000,000,000,000,000,000,000.00")
        #expect(MoneyFormat.price(DecimalNumber("1e31")) == MoneyFormat.tooLarge)
    }

    @Test("fetching and printing it in every format grows the process by less than 16 MiB")
    func memory() async throws {
        // Waited for on a thread of its own, not one of the few that run every test's tasks.
        let result: Result<ChildTestProcess.Outcome, any Error> = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: Result { try ChildTestProcess.run(filter: "HugeNumberTests/child", role: Self.role) })
            }.start()
        }
        let outcome = try result.get()
        #expect(outcome.status == 0, "child failed:\n\(outcome.output)")
        let peak = try #require(outcome.figures["peakGrowthKiB"], "the child did not run:\n\(outcome.output)")
        #expect(outcome.figures["printed"] == 4, "\(outcome.output)")
        guard !ProcessMemory.isUnderThreadSanitizer else { return }  // shadow memory, not ours
        // A billion digits is a gigabyte; the table of that answer once took 300 MB.
        #expect(peak < 16 * 1024, "printing grew the process by \(peak / 1024) MiB")
    }

    @Test("child: fetch and print", .enabled(if: ChildTestProcess.role == role))
    func child() async throws {
        let server = try LoopbackAnswer(body: Data(Self.body.utf8))
        defer { server.stop() }
        _ = await Self.fetch("json", server: server)  // what is set up once is set up
        let baseline = ProcessMemory.residentKiB
        ProcessMemory.resetPeak()
        var printed = 0
        for format in ["table", "json", "ndjson", "csv"] where await Self.fetch(format, server: server).status == 0 {
            printed += 1
        }
        let market = try CoinMarket(rawJSON: try #require(try RawJSON(parsing: Array(Self.body.utf8)).elements?.first))
        _ = CoinDetails.of(market, currency: "usd", now: Date())
        try ChildTestProcess.report(["peakGrowthKiB": ProcessMemory.peakResidentKiB - baseline, "printed": printed])
    }
}
