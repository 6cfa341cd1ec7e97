import CoinGeckoAPI
import Endless
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// The seed's pull to refresh on a manual clock: the spinner shows at least 0.5 s whatever the
/// network does; within 3 s of the last network refresh a pull still shows the 0.5 s spinner,
/// sends nothing, and says when the next one is allowed. Refreshed prices update in place.
@Suite("Coins: the seed's pull to refresh", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CoinsRefreshTests {
    /// The first page loaded and its 0.5 s indicator over, at t = 0.5 s.
    static func started(_ source: MarketSource, _ clock: ManualClock, feedback: CooldownFeedback = .spinnerThenNotice)
        async -> FeedViewModel<MarketSource>
    {
        let model = CoinsFixtures.model(source, clock: clock, feedback: feedback)
        model.start()
        await model.wait { $0.rowCount == 20 }
        await CoinsFixtures.step(clock)
        await model.wait { !$0.feed.loadStates.refresh.isLoading }
        return model
    }

    @Test("a network refresh keeps its spinner 0.5 s though the answer is instant")
    func minimumSpinner() async {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = await Self.started(source, clock)
        clock.advance(by: .seconds(3))
        source.setPrice("coin-1", "1234.5")
        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.item(at: 0)?.currentPrice?.literal == "1234.5" }
        #expect(model.topIndicator == .refreshing, "the page is in, the spinner stays")
        #expect(source.loads.count == 2)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(499))
        #expect(model.topIndicator == .refreshing)
        clock.advance(by: .milliseconds(1))
        await model.wait { $0.topIndicator == .none }
    }

    @Test("a slow refresh keeps its spinner until the page is in, and no longer")
    func slowNetwork() async {
        let clock = ManualClock()
        let market = MarketSource(clock: clock)
        let model = CoinsFixtures.model(SlowSource(inner: market, clock: clock, latency: .milliseconds(1200)), clock: clock)
        model.start()
        await CoinsFixtures.step(clock)  // t = 1.2 s: the first page
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        clock.advance(by: .seconds(3))  // t = 4.2 s
        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.topIndicator == .refreshing }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        #expect(model.topIndicator == .refreshing, "0.5 s in, the page is not there yet")
        clock.advance(by: .milliseconds(700))
        await model.wait { $0.topIndicator == .none }
        #expect(market.loads.map(\.at) == [.milliseconds(1200), .milliseconds(5400)])
    }

    @Test("within 3 s of the last network refresh: the 0.5 s spinner, nothing sent, then when the next is allowed")
    func insideTheCooldown() async {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = await Self.started(source, clock)  // t = 0.5 s; the first load started at 0
        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.topIndicator == .refreshing }
        #expect(model.isHoldingRefreshSpinner)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(499))
        #expect(model.topIndicator == .refreshing, "0.499 s in, still the spinner")
        clock.advance(by: .milliseconds(1))
        await model.wait { if case .notice = $0.topIndicator { true } else { false } }
        #expect(model.topIndicator == .notice("refresh available in 2 s"), "3 s after t = 0, at t = 1 s")
        #expect(source.loads.count == 1, "nothing was sent")

        // At t = 3 s the next pull goes to the network again.
        clock.advance(to: ManualClock.Instant(offset: .seconds(3)))
        model.perform(.refresh, visibleRows: 10)
        // The load is sent when its task runs, after the refresh says it is loading: wait for
        // the page it brings (its rows, read here, change when it lands), not for a sleeper,
        // which the notice's own timer could be.
        await model.wait { model in
            _ = model.feed.items
            return source.loads.count == 2
        }
        #expect(source.loads.count == 2)
        #expect(source.loads.last?.at == .seconds(3))
    }

    @Test("feeds that did not ask for the spinner still get the notice at once")
    func noticeAtOnce() async {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = await Self.started(source, clock, feedback: .notice)
        await model.refresh()
        #expect(model.topIndicator == .notice("refresh available in 3 s"))
        #expect(!model.isHoldingRefreshSpinner)
        #expect(source.loads.count == 1)
    }

    @Test("refreshed prices update in place: the selected coin stays selected when ranks change, and the list scrolls with it")
    func selectionKept() async {
        let clock = ManualClock()
        let source = MarketSource(clock: clock)
        let model = await Self.started(source, clock)
        model.select(5)  // coin-6
        model.openDetails()
        #expect(model.details?.id == "coin-6")
        // coin-6 falls to rank 9 and its price moves.
        source.rank { ranking in ranking.insert(ranking.remove(at: 5), at: 8) }
        source.setPrice("coin-6", "0.00002456")
        clock.advance(by: .seconds(3))
        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.item(at: 8)?.id == "coin-6" && $0.selection == 8 }
        #expect(model.topIndicator == .refreshing, "followed as the rows changed, under the spinner")
        #expect(model.item(at: model.selection)?.id == "coin-6")
        #expect(model.selectionMove == SelectionMove(delta: 3, serial: 1))
        #expect(model.details?.id == "coin-6", "the details stay open on it")
        #expect(model.details?.fields.first { $0.label == "price" }?.value.raw == "0.00002456 USD", "with its new price")

        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        await model.wait { !$0.feed.loadStates.refresh.isLoading }

        // A coin that leaves the refreshed list takes the selection back to the top.
        source.rank { ranking in ranking.removeAll { $0 == "coin-6" } }
        clock.advance(by: .seconds(3))
        model.perform(.refresh, visibleRows: 10)
        await model.wait { $0.item(at: 8)?.id != "coin-6" && $0.selection == 0 }
        #expect(model.details == nil)
    }
}

/// A source that answers `inner`'s pages after `latency` on `clock`.
struct SlowSource: PageSource {
    let inner: MarketSource
    let clock: ManualClock
    let latency: Duration

    func load(_ request: PageRequest<Int>) async throws -> Page<CoinMarket, Int> {
        try await clock.sleep(for: latency)
        return try await inner.load(request)
    }
}
