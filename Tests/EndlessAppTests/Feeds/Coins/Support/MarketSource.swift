import CoinGeckoAPI
import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessTesting
import Foundation
import Synchronization

@testable import EndlessApp

/// A market for the coins tab's tests: pages cut from a ranking the test rewrites, prices the
/// test sets, failures it queues, and the instant (on the test's clock) of every load.
final class MarketSource: PageSource, Sendable {
    typealias Key = Int

    struct State {
        var ranking: [String]
        var prices: [String: String] = [:]
        var failures: [any Error] = []
        var loads: [(at: Duration, key: Int?)] = []
    }

    let perPage: Int
    private let clock: ManualClock
    private let origin: ManualClock.Instant
    private let state: Mutex<State>

    init(coins: Int = 60, perPage: Int = 20, clock: ManualClock) {
        self.perPage = perPage
        self.clock = clock
        origin = clock.now
        state = Mutex(State(ranking: (1...coins).map { "coin-\($0)" }))
    }

    /// Loads so far: when (since the source was made) and for which key.
    var loads: [(at: Duration, key: Int?)] { state.withLock { $0.loads } }

    /// Rewrites the ranking for later loads.
    func rank(_ change: (inout [String]) -> Void) { state.withLock { change(&$0.ranking) } }

    /// Sets a coin's price literal for later loads.
    func setPrice(_ id: String, _ literal: String) { state.withLock { $0.prices[id] = literal } }

    /// The next load throws `error`.
    func failNext(with error: any Error) { state.withLock { $0.failures.append(error) } }

    func load(_ request: PageRequest<Int>) async throws -> Page<CoinMarket, Int> {
        let now = origin.duration(to: clock.now)
        let (ids, prices, failure) = state.withLock { state -> ([String], [String: String], (any Error)?) in
            state.loads.append((now, request.key))
            if !state.failures.isEmpty { return ([], [:], state.failures.removeFirst()) }
            let page = request.key ?? 1
            let start = min(state.ranking.count, (page - 1) * perPage)
            return (Array(state.ranking[start..<min(state.ranking.count, start + perPage)]), state.prices, nil)
        }
        if let failure { throw failure }
        let page = request.key ?? 1
        let coins = ids.enumerated().map { offset, id in Self.coin(id, rank: (page - 1) * perPage + offset + 1, price: prices[id]) }
        return Page(items: coins, nextKey: coins.count < perPage ? nil : page + 1, key: page)
    }

    /// A coin with a rank, a price, changes and a week.
    static func coin(_ id: String, rank: Int, price: String? = nil) -> CoinMarket {
        var fields = CoinMarket.Fields()
        fields.marketCapRank = rank
        fields.currentPrice = LiteralJSON.Number(price ?? "\(1000 - rank).5")
        fields.marketCap = LiteralJSON.Number("\((2000 - rank) * 1_000_000_000)")
        fields.totalVolume = LiteralJSON.Number("\(50_000_000 + rank)")
        fields.priceChangePercentage = [.hour: LiteralJSON.Number("0.5"), .day: LiteralJSON.Number("-1.25"), .week: LiteralJSON.Number("12")]
            .compactMapValues { $0 }
        fields.sparkline7d = (0..<168).map { 100 + Double($0 % 24) - Double(rank) / 10 }
        return CoinMarket(id: id, symbol: String(id.suffix(2)), name: "Coin \(id.dropFirst(5))", fields: fields)
    }
}

/// A coins view model over a ``MarketSource`` on a manual clock, with the tab's descriptor.
@MainActor
enum CoinsFixtures {
    nonisolated static let now = Date(timeIntervalSince1970: 1_737_368_104)

    static func model<Source: PageSource>(
        _ source: Source, perPage: Int = 20, clock: ManualClock, cooldown: Duration = .seconds(3),
        feedback: CooldownFeedback = .spinnerThenNotice
    ) -> FeedViewModel<Source> where Source.Item == CoinMarket, Source.Key == Int {
        var descriptor = FeedDescriptor<CoinMarket, Int>(
            nouns: Nouns("coin", "coins"), sourceLabel: "test market",
            details: { CoinDetails.of($0, currency: "usd", now: $1) })
        descriptor.cooldownFeedback = feedback
        let configuration = FeedConfiguration(pageSize: perPage, refreshCooldown: cooldown)
        return FeedViewModel(
            feed: Feed(source: source, configuration: configuration, clock: clock), descriptor: descriptor, images: nil,
            clock: clock, now: { now })
    }

    /// Advances `clock` to its next sleeper's deadline, once something sleeps on it.
    /// - Returns: whether something slept (false once the wait gave up: loops over steps end).
    @discardableResult
    static func step(
        _ clock: ManualClock, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        guard await clock.sleepers(atLeast: 1, fileID: fileID, filePath: filePath, line: line, column: column) else {
            return false
        }
        if let next = clock.pendingDeadlines.first { clock.advance(to: next) }
        return true
    }
}
