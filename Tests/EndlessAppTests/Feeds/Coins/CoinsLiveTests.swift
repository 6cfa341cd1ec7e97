import CoinGeckoAPI
import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `--live [SECONDS]`: a refresh on a timer that stays inside the rate limit it has seen.
@Suite("Coins: live refresh", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CoinsLiveTests {
    @Test("on a clock: every 30 s, then after a 429 with retry-after 119 nothing for 119 s, and the header says so")
    func timer() async throws {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = CoinsFixtures.model(source, clock: clock)
        model.setLive(every: .seconds(30))
        model.start()
        // The first page's indicator and the timer both sleep before time moves, so the
        // first step ends the indicator instead of jumping straight to the timer.
        await clock.sleepers(atLeast: 2)
        // The first page in before time moves: a timer firing while it is still loading
        // joins that load instead of asking again (a loaded machine took that path once).
        try #require(await model.feed.wait { !$0.items.isEmpty })
        #expect(model.status.live == "live 30 s")
        func loads(_ count: Int) async -> Bool {
            // Bounded: a timer that sleeps again and again, loading nothing, fails the test.
            for _ in 0..<100 where source.loads.count < count {
                guard await CoinsFixtures.step(clock) else { return false }
            }
            return source.loads.count >= count
        }
        try #require(await loads(2))
        #expect(source.loads.map(\.at) == [.zero, .seconds(30)], "30 s after the timer started with the tab")
        source.failNext(with: CoinsFeedError(.rateLimited(.init(retryAfter: .seconds(119), message: "slow down", source: .api))))
        try #require(await loads(4))
        let times = source.loads.map(\.at)
        #expect(times[2] == .milliseconds(60_500), "30 s after the last refresh's spinner ended")
        #expect(times[3] - times[2] >= .seconds(119), "not before the retry-after: \(times)")
        #expect(model.status.live == "live 119 s (rate limited)")
        // Never faster than the cooldown at any point.
        #expect(zip(times.dropFirst(), times).allSatisfy { $0 - $1 >= .seconds(3) })
    }

    @Test("a hidden tab's timer spends no requests until the tab is shown again")
    func paused() async {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = CoinsFixtures.model(source, clock: clock)
        model.setLive(every: .seconds(30))
        model.start()
        await clock.sleepers(atLeast: 2)  // the first page's indicator and the timer
        await CoinsFixtures.step(clock)  // the first page's indicator
        model.pauseLive()
        for _ in 0..<4 { await CoinsFixtures.step(clock) }
        #expect(source.loads.count == 1)
        model.start()
        for _ in 0..<100 where source.loads.count < 2 {
            guard await CoinsFixtures.step(clock) else { break }
        }
        #expect(source.loads.count == 2)
    }
}

/// Prices as a trader reads them, from exact digits.
@Suite("Coins: money formatting")
struct MoneyFormatTests {
    @Test(
        "prices: cents from 1 up, four significant digits below, an exponent past ten zeros",
        arguments: [
            ("96000", "96,000.00"), ("96123.456", "96,123.46"), ("1.005", "1.01"), ("0.9998", "0.9998"),
            ("0.99996", "1.00"), ("0.00002456", "0.00002456"), ("2.456e-05", "0.00002456"), ("0.000024564", "0.00002456"),
            ("0.5", "0.5000"), ("0", "0.00"), ("1.234e-12", "1.234e-12"), ("-3.5", "-3.50"),
        ])
    func prices(_ literal: String, _ expected: String) {
        #expect(MoneyFormat.price(LiteralJSON.Number(literal)) == expected)
    }

    @Test(
        "big figures: three significant digits and a suffix, or in full",
        arguments: [
            ("1903456789012", "1.90T", "1,903,456,789,012"), ("45612345678", "45.6B", "45,612,345,678"),
            ("999600", "1.00M", "999,600"), ("850000", "850K", "850,000"), ("999", "999", "999.00"), ("12.5", "13", "12.50"),
        ])
    func figures(_ literal: String, _ compact: String, _ full: String) {
        #expect(MoneyFormat.compact(LiteralJSON.Number(literal)) == compact)
        #expect(MoneyFormat.full(LiteralJSON.Number(literal)) == full)
    }

    @Test(
        "changes read without colour: ▲ up, ▼ down, nothing for none; never wider than 8",
        arguments: [
            ("2.3449", "▲ 2.34%"), ("-0.8451", "▼ 0.85%"), ("-0.004", "  0.00%"), ("123.45", "▲ 123.5%"),
            ("-12345.6", "▼ 12346%"), ("0", "  0.00%"),
        ])
    func changes(_ literal: String, _ expected: String) {
        let change = MoneyFormat.change(LiteralJSON.Number(literal))
        #expect(change.text == expected)
        #expect(change.text.count <= 8)
    }

    @Test("none is a dash; dates are UTC")
    func missing() {
        #expect(MoneyFormat.price(nil as LiteralJSON.Number?) == "—")
        #expect(MoneyFormat.compact(nil) == "—")
        #expect(MoneyFormat.change(nil).text == "—")
        #expect(MoneyFormat.moment(CoinTimestamp("2025-01-20T10:15:04.123Z")) == "2025-01-20 10:15:04 UTC")
        #expect(MoneyFormat.day(CoinTimestamp("2013-07-06T00:00:00.000Z")) == "2013-07-06")
        #expect(MoneyFormat.moment(CoinTimestamp("soon")) == "soon")
    }
}
