import CoinGeckoAPI
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessApp

/// `[` and `]` in a coin's details: the chart's range, loaded from `market_chart` in the
/// background, kept for the session, and a failure that keeps the chart shown and says why.
@Suite("Coin chart ranges", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct CoinChartRangeTests {
    /// The URLs every request of the app started, as the HTTP layer reports them.
    final class RequestLog: HTTPEventMonitor {
        private let urls = Mutex<[String]>([])

        func record(_ event: HTTPEvent) {
            if case .started = event.kind { urls.withLock { $0.append(event.request.url) } }
        }

        /// The `market_chart` requests so far.
        var charts: [String] { urls.withLock { $0 }.filter { $0.contains("/market_chart") } }
    }

    /// The real tabs on the in-memory terminal (the app the search tests use), opening on the
    /// coins, over the embedded simulator or `api`, with every request logged and none retried.
    static func app(api: URL? = nil) throws -> (app: FeedSearchTests.App, log: RequestLog) {
        let log = RequestLog()
        let app = try FeedSearchTests.App(
            opening: .coins, arguments: api.map { ["--coins-api", $0.absoluteString] } ?? [], monitors: [log], retries: false,
            size: Size(width: 120, height: 36))
        return (app, log)
    }

    @Test("] loads 30 d in the background (one request, days=30); [ returns to 7 d and ] to 30 d without asking again")
    func stepAndCache() async throws {
        let (app, log) = try Self.app()
        try await app.openDetails()
        #expect(log.charts.isEmpty, "opening details asks for no chart: the week is the board's sparkline")

        try app.press(.character("]"))
        #expect(app.browser.active.hasDetails, "the details stay open and usable while the range loads")
        #expect(app.ranges?.loading == 2)
        try await app.run { app.terminal.text.contains("30 d · usd") }
        #expect(log.charts.count == 1)
        let request = try #require(log.charts.first)
        #expect(request.contains("/coins/bitcoin/market_chart?vs_currency=usd&days=30"), "\(request)")

        try app.press(.character("["))
        try await app.run { app.terminal.text.contains("7 d · usd") }
        #expect(!app.terminal.text.contains("30 d · usd"))
        try app.press(.character("]"))
        try await app.run { app.terminal.text.contains("30 d · usd") }
        #expect(log.charts.count == 1, "30 d again comes from the session's charts")

        // Down to 24 h: one more request, five-minute points.
        try app.press(.character("["))
        try app.press(.character("["))
        try await app.run { app.terminal.text.contains("24 h · usd") }
        #expect(log.charts.count == 2 && log.charts.last?.hasSuffix("days=1") == true)
        // At the shortest, [ changes nothing and asks nothing.
        try app.press(.character("["))
        #expect(app.ranges?.loading == nil && log.charts.count == 2)
    }

    @Test("a searched coin's details step their range too")
    func searchedCoin() async throws {
        let (app, log) = try Self.app()
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("/"))
        for character in "eth" { try app.press(.character(character)) }
        try app.press(.enter)
        try await app.run { app.browser.active.sourceLabel.contains("“eth”") && app.browser.active.status.rows > 0 }
        try app.press(.enter)
        try await app.run { app.terminal.text.contains("7 d · usd") }
        let id = try #require(app.browser.active.selectedItem?.id)
        try app.press(.character("]"))
        try await app.run { app.terminal.text.contains("30 d · usd") }
        #expect(log.charts.count == 1 && log.charts.first?.contains("/coins/\(id)/market_chart") == true)
    }

    @Test("[ and ] with the details closed say how to reach the chart, and ask nothing; the help lists them on coins only")
    func closedDetailsAndHelp() async throws {
        let (app, log) = try Self.app()
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("]"))
        #expect(app.browser.notice?.contains("open the details") == true)
        #expect(log.charts.isEmpty)

        let bindings = KeyBindings.all(nouns: Nouns("coin", "coins"), tabs: [.coins])
        #expect(KeyBindings.intent(for: KeyEvent(.character("[")), in: bindings) == .previousChartRange)
        #expect(KeyBindings.intent(for: KeyEvent(.character("]")), in: bindings) == .nextChartRange)
        let coins = KeyBindings.helpHints(bindings.filter { app.browser.active.offers($0.intent) })
        #expect(coins.contains { $0.key == "[ ]" && $0.label.contains("chart range") })
        let people = try FeedSearchTests.App(opening: .people)
        #expect(!people.browser.active.offers(.nextChartRange))
        people.browser.perform(.nextChartRange, visibleRows: 10)
        #expect(people.browser.tabFailure?.contains("no chart ranges") == true)
    }

    /// A coin, with a week of hourly prices, as `/coins/markets` sends it.
    static func market(_ id: String, rank: Int, price: Double) -> String {
        let week = (0..<168).map { String(price * (1 + Double($0 % 12) / 100)) }.joined(separator: ",")
        return """
            {"id":"\(id)","symbol":"\(id.prefix(3))","name":"\(id.capitalized)","image":"https://x.test/\(id).png",\
            "current_price":\(price),"market_cap":\(price * 1000),"market_cap_rank":\(rank),"total_volume":5,\
            "last_updated":"2026-12-02T10:00:00.000Z","sparkline_in_7d":{"price":[\(week)]},\
            "price_change_percentage_1h_in_currency":0.1,"price_change_percentage_24h_in_currency":1.2,\
            "price_change_percentage_7d_in_currency":-3.4}
            """
    }

    /// A month of hourly prices as `market_chart` sends them.
    static let month: String = {
        let start = 1_762_000_000_000
        let points = (0..<721).map { "[\(start + $0 * 3_600_000),\(100 + Double($0 % 24))]" }.joined(separator: ",")
        return #"{"prices":["# + points + #"],"market_caps":[],"total_volumes":[]}"#
    }()

    @Test("a failing range keeps the chart shown; the status bar says why, sanitized; the next step asks again")
    func failureKeepsChart() async throws {
        let json = ["Content-Type": "application/json; charset=utf-8"]
        let markets = "[\(Self.market("bitcoin", rank: 1, price: 96000)),\(Self.market("ether", rank: 2, price: 3000))]"
        let month = Self.month
        let server = try ScriptedLoopbackServer { request in
            if request.line.contains("/coins/markets") { return ScriptedLoopbackServer.response(status: 200, headers: json, body: markets) }
            if request.line.contains("days=30") { return ScriptedLoopbackServer.response(status: 200, headers: json, body: month) }
            // The live service refuses keyless history beyond a year; this one adds a hostile escape.
            return ScriptedLoopbackServer.response(
                status: 401, headers: json,
                body: #"{"status":{"error_code":10012,"error_message":"\u001b]0;pwned\u0007Your request exceeds the allowed time range."}}"#)
        }
        defer { server.stop() }
        let (app, _) = try Self.app(api: server.url("api/v3/"))
        try await app.openDetails()
        try app.press(.character("]"))
        try await app.run { app.terminal.text.contains("30 d · usd") }

        try app.press(.character("]"))
        try await app.run { app.ranges?.failure != nil }
        try await app.run { app.terminal.text.contains("1 y chart: CoinGecko refused") }
        let screen = app.terminal.text
        #expect(screen.contains("30 d · usd · 1 y failed"), "the month's chart stays, marked: \(screen)")
        #expect(app.browser.active.hasDetails)
        let note = try #require(app.browser.active.statusNote)
        #expect(note.contains("HTTP 401, error 10012") && !note.contains("\u{1B}") && !note.contains("\u{7}"), "\(note)")

        // Stepping again asks again (a failure is not kept); [ steps down from the month shown, at once.
        try app.press(.character("]"))
        #expect(app.ranges?.failure == nil && app.ranges?.loading == 3)
        try await app.run { app.ranges?.loading == nil }
        #expect(server.requests.filter { $0.line.contains("days=365") }.count == 2)
        try app.press(.character("["))
        #expect(app.ranges?.shown.index == 1 && app.ranges?.loading == nil)
        try await app.run { app.terminal.text.contains("7 d · usd") && !app.terminal.text.contains("failed") }
    }

    @Test("endless fetch coins --chart ID --days N: the history as CSV, table, the answer as sent; wrong uses are usage errors")
    func fetchChart() async throws {
        let csv = await FeedSearchTests.run(["fetch", "coins", "--chart", "bitcoin", "--days", "30", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.standardError)")
        let lines = csv.standardOutput.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.first == "time,price,market_cap,total_volume")
        #expect(lines.count == 722, "a header and 721 hourly points")
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",").count == 4 })

        let json = await FeedSearchTests.run(["fetch", "coins", "--chart", "bitcoin", "--days", "max", "--format", "json"])
        #expect(json.status == 0 && json.standardOutput.contains("\"prices\"") && json.standardOutput.contains("\"total_volumes\""))
        let ndjson = await FeedSearchTests.run(["fetch", "coins", "--chart", "ethereum", "--days", "1", "--format", "ndjson"])
        let points = ndjson.standardOutput.split(separator: "\n")
        #expect(points.count == 289 && points.allSatisfy { $0.hasPrefix("[") && $0.hasSuffix("]") })
        let table = await FeedSearchTests.run(["fetch", "coins", "--chart", "bitcoin", "--vs-currency", "eur"])
        #expect(table.status == 0 && table.standardOutput.hasPrefix("TIME (UTC)") && table.standardOutput.contains("PRICE (EUR)"))

        #expect(await FeedSearchTests.run(["fetch", "coins", "--days", "30"]).status == 2)
        #expect(await FeedSearchTests.run(["fetch", "coins", "--chart", "bitcoin", "--days", "2"]).status == 2)
        #expect(await FeedSearchTests.run(["fetch", "coins", "--chart", "bitcoin", "--query", "btc"]).status == 2)
        let unknown = await FeedSearchTests.run(["fetch", "coins", "--chart", "no-such-coin"])
        #expect(unknown.status == 1 && unknown.standardError.contains("coin not found"), "\(unknown.standardError)")
    }
}

extension FeedSearchTests.App {
    /// Opens the coins, then the first coin's details.
    func openDetails() async throws {
        try loop.start()
        try await run { self.browser.active.status.rows > 0 && !self.browser.active.isOpening }
        try press(.enter)
        try await run { self.terminal.text.contains("7 d · usd") }
    }

    /// The chart's ranges, when the tab has them.
    var ranges: ChartRanges? { (browser.active as? SearchingTab)?.chartRanges }
}
