import EndlessTesting
import Foundation
import Testing

/// The real `endless coins` in a real terminal (tmux), on the embedded simulator: the board,
/// the seed's pull to refresh inside the cooldown, paging, the details with the week's chart,
/// tab switches that keep the place, live mode, and a state dump with the coins tab in it.
@Suite("endless coins in a real terminal (tmux)", .serialized, .timeLimit(TimeBudget.minutes(5)))
struct CoinsEndToEndTests {
    typealias E2E = BrowseEndToEndTests

    /// The coins count at the right of the header: `100 coins · page 2`.
    static func coinCount(_ screen: String) -> Int? {
        E2E.header(screen).matches(of: /(\d+) coins?\b/).last.flatMap { Int($0.1) }
    }

    static func lines(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func coinsTab(_ session: TmuxSession) throws -> BrowseEndToEndTests.Dump {
        try #require(try E2E.fullDump(session).tabs.first { $0.feed == "coins" }, "no coins tab in the dump")
    }

    @Test("the board, a pull inside the cooldown, paging to 150 coins, details, tabs, and nothing twice")
    func board() throws {
        let session = try E2E.launch("coins --graphics none --refresh-cooldown 30 --live 600")
        // Settled: a pull while the first page's spinner runs would join that load.
        let first = try session.wait(for: "the board, settled") {
            $0.contains("Bitcoin") && Self.coinCount($0) ?? 0 >= 50 && !$0.contains("refreshing…")
        }
        #expect(E2E.header(first).contains("[3 coins]"), "the coins tab is tab 3 and is shown")
        #expect(E2E.header(first).contains("live 600 s"))
        #expect(first.contains("price (usd)") && first.contains("24h") && first.contains("7 days"))
        #expect(first.contains("▲") || first.contains("▼"))
        // Braille sparklines on the rows.
        #expect(first.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })

        // A pull inside the cooldown: the spinner, then when the next one is allowed.
        try session.send("r")
        try session.wait(for: "the cooldown notice after the spinner") { $0.contains("refresh available in") }

        try session.send(contentsOf: ["j", "j"])
        try session.wait(for: "the third coin selected") { Self.lines($0).dropFirst(7).first?.hasPrefix("▌") == true }
        try session.send("G")
        try session.wait(for: "the third page") { Self.coinCount($0) ?? 0 >= 150 }

        try session.send("g")
        try session.send("Enter")
        // Whole: the panel's bottom edge drawn (a capture can land between two halves of a frame).
        let details = try session.wait(for: "Bitcoin's details") {
            $0.contains("Bitcoin (BTC)") && $0.contains("7 d · usd") && $0.contains("Esc close")
        }
        for field in ["market cap", "circulating", "all-time high", "all-time low", "last updated"] {
            #expect(details.contains(field), "\(field) missing from the details")
        }
        try session.send("Escape")
        try session.wait(for: "the details to close") { !$0.contains("Bitcoin (BTC)") }

        try session.send("1")
        try session.wait(for: "the people") { E2E.peopleCount($0) ?? 0 > 0 }
        try session.send("3")
        try session.wait(for: "the coins again, where they were") { Self.coinCount($0) ?? 0 >= 150 && $0.contains("Bitcoin") }

        _ = try E2E.quit(session)
        let coins = try Self.coinsTab(session)
        #expect(coins.rows >= 150)
        #expect(coins.selection == 0)
        #expect(coins.duplicates.isEmpty)
        #expect(Set(coins.loaded.map(\.id)).count == coins.loaded.count)
        #expect(coins.loaded.first?.id == "bitcoin")
        #expect(try E2E.fullDump(session).tabs.map(\.feed) == ["people", "photos", "coins", "users"])
    }

    @Test("offline: the last board opens from the page cache, then a relaunch online refreshes it from the network")
    func relaunchOffline() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-coins-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]

        let online = try E2E.launch("coins --graphics none", environment: environment)
        try online.wait(for: "the board, settled") { $0.contains("Bitcoin") && !$0.contains("refreshing…") }
        try online.send("G")
        try online.wait(for: "the second page") { Self.coinCount($0) ?? 0 >= 100 }
        _ = try E2E.quit(online)
        let first = try Self.coinsTab(online)

        let offline = try E2E.launch("coins --graphics none --offline", environment: environment)
        try offline.wait(for: "the cached board, saying so") { $0.contains("Bitcoin") && $0.contains("offline · cached") }
        try offline.send("G")
        try offline.wait(for: "the second page, from the cache too") { Self.coinCount($0) ?? 0 >= 100 }
        _ = try E2E.quit(offline)
        let again = try Self.coinsTab(offline)
        let shared = min(again.loaded.count, first.loaded.count)
        #expect(shared >= 100)
        #expect(again.loaded.prefix(shared).map(\.id) == first.loaded.prefix(shared).map(\.id))

        // Online again: opened from the cache (never fresh for prices), then refreshed at once.
        let relaunched = try E2E.launch("coins --graphics none", environment: environment)
        try relaunched.wait(for: "the refreshed board") {
            $0.contains("Bitcoin") && !$0.contains("cached") && !$0.contains("refreshing…")
        }
        try relaunched.send("G")
        try relaunched.wait(for: "a second page from the network") { Self.coinCount($0) ?? 0 >= 100 }
        _ = try E2E.quit(relaunched)
        let refreshed = try Self.coinsTab(relaunched)
        #expect(refreshed.duplicates.isEmpty)
        #expect(Set(refreshed.loaded.map(\.id)).count == refreshed.loaded.count)
    }

    @Test("without colour (NO_COLOR) the changes still read: ▲ and ▼")
    func noColor() throws {
        try #require(FileManager.default.isExecutableFile(atPath: E2E.binary), "build the endless binary first")
        let session = try TmuxSession(width: 100, height: 20, environment: ["NO_COLOR": "1"]) { directory in
            "\(E2E.binary) coins --graphics none --dump-state \(directory.path)/dump.json; echo \"EXIT=$?\"; exec sleep 600"
        }
        let screen = try session.wait(for: "the board") { $0.contains("Bitcoin") }
        #expect(screen.contains("▲") || screen.contains("▼"))
        try session.send("q")
        try session.wait(for: "the exit") { $0.contains("EXIT=0") }
    }
}
