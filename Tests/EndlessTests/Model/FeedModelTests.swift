import EndlessTesting
import Testing

@testable import Endless

/// Random scroll, fault and retry sequences against a bounded feed: after every step, each
/// placeholder on screen is loading or visibly failed (never idle with nothing coming), and
/// once the faults stop, retry() fills the screen.
@MainActor
@Suite("Feed: model-based scrolling through faults", .timeLimit(TimeBudget.minutes(3)))
struct FeedModelTests {
    /// Pages of 10, at most 40 items loaded: drops happen every few pages.
    static let configuration = FeedConfiguration(pageSize: 10, maxLoadedItems: 40, minimumIndicatorDuration: .zero)
    /// The same, with three loads in flight at each end and prefetch from speed and latency.
    static let pipelined = FeedConfiguration(
        pageSize: 10, maxLoadedItems: 60, minimumIndicatorDuration: .zero, maxConcurrentAppends: 3,
        adaptivePrefetch: AdaptivePrefetch(maxDistance: 40))

    nonisolated static let seeds: [UInt64] = Array(1...40)
    static let steps = 250
    /// Trips to the source that may be needed to fill a screen after retry(): the page under
    /// the rows on screen, a neighbour the screen spans into, and one spare.
    static let maxRecoveryRounds = 3
    static let checkpointEvery = 25

    /// Once the faults stop, retry() fills the screen in a few trips; or, if a page first
    /// loaded wrong came back right, the direction says pageChanged and a refresh mends it.
    private func recovers(_ model: ScrollModel) async -> Bool {
        let (holes, rounds) = await model.recover()
        if holes.isEmpty {
            // The screen fills in a few trips, not one per page between it and what is loaded.
            #expect(rounds <= Self.maxRecoveryRounds, "\(rounds) rounds to fill the screen\n\(model.trace())")
            return rounds <= Self.maxRecoveryRounds
        }
        let states = model.feed.loadStates
        let changed = [states.append.error, states.prepend.error].contains { ($0 as? FeedError)?.isPageChanged ?? false }
        #expect(
            model.servedWrongPages && changed,
            """
            rows \(holes) still placeholders after retry and \(rounds) rounds: loaded \(model.feed.items.indices), \
            \(states), \(model.feed.loadsInFlight) in flight; last requests \
            \(model.source.requests.suffix(12).map { "\($0.direction) \($0.key ?? -1)" })
            \(model.trace())
            """)
        await model.startOver()
        #expect(model.visibleHoles.isEmpty, "rows \(model.visibleHoles) still placeholders after refresh\n\(model.trace())")
        return model.servedWrongPages && changed && model.visibleHoles.isEmpty
    }

    @Test("no step leaves a placeholder on screen with nothing loading and no error; retry recovers", arguments: seeds)
    func faultsNeverStall(seed: UInt64) async {
        await run(ScrollModel(seed: seed, configuration: Self.configuration, pageSize: 10))
    }

    @Test("the same with pipelined loads and adaptive prefetch", arguments: seeds)
    func faultsNeverStallPipelined(seed: UInt64) async {
        await run(ScrollModel(seed: seed, configuration: Self.pipelined, pageSize: 10))
    }

    private func run(_ model: ScrollModel) async {
        await model.start()
        for step in 1...Self.steps {
            await model.perform(model.nextStep())
            let violations = model.violations()
            guard violations.isEmpty else {
                Issue.record("\(violations.joined(separator: "; "))\n\(model.trace())")
                await model.finish()
                return
            }
            if step % Self.checkpointEvery == 0, !(await recovers(model)) {
                await model.finish()
                return
            }
        }
        _ = await recovers(model)
        await model.finish()
    }
}

extension FeedError {
    var isPageChanged: Bool {
        if case .pageChanged = self { true } else { false }
    }
}
