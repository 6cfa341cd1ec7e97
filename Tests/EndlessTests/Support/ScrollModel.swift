import EndlessTesting
import Testing

@testable import Endless

/// A person scrolling a bounded feed through faults, driven by a seeded random stream: the
/// model behind the model-based tests. Each step does one thing (scroll, jump, fault the next
/// load, let loads through the gate, retry, refresh), then the view reports the rows on screen
/// the way the app does (the first and the last, when they change), the feed settles, and
/// ``violations()`` says what broke the contract.
@MainActor
final class ScrollModel {
    enum Step: CustomStringConvertible {
        case scroll(Int)
        /// Holds a key: this many rows, a few at a time, each step's loads let through.
        case hold(Int)
        case top
        case bottom
        case failNext
        case truncateNext(Int)
        case duplicateNext
        case release(Int)
        case releaseAll
        case retry
        case refresh

        var description: String {
            switch self {
            case .scroll(let rows): "scroll(\(rows))"
            case .hold(let rows): "hold(\(rows))"
            case .top: "top"
            case .bottom: "bottom"
            case .failNext: "failNext"
            case .truncateNext(let count): "truncateNext(\(count))"
            case .duplicateNext: "duplicateNext"
            case .release(let count): "release(\(count))"
            case .releaseAll: "releaseAll"
            case .retry: "retry"
            case .refresh: "refresh"
            }
        }
    }

    static let viewportRows = 6

    let seed: UInt64
    let clock = ManualClock()
    let source: ScriptedPageSource<ScriptedItem>
    let feed: Feed<ScriptedPageSource<ScriptedItem>>
    private var random: SeededRandomNumberGenerator
    private(set) var top = 0
    private var heading = 1
    private var reported: Range<Int>?
    private(set) var history: [String] = []
    private var refreshes: [Task<RefreshOutcome, Never>] = []
    /// Whether any load was answered with a wrong page (cut short, or another page's items):
    /// a page first loaded wrong never reloads the same, which only a refresh mends.
    private(set) var servedWrongPages = false

    init(seed: UInt64, configuration: FeedConfiguration, pageSize: Int, pageCount: Int? = nil) {
        self.seed = seed
        random = SeededRandomNumberGenerator(seed: seed)
        source = ScriptedPageSource(pageSize: pageSize, pageCount: pageCount, gated: true, repeatEvery: 7)
        feed = Feed(source: source, configuration: configuration, clock: clock)
    }

    var visible: Range<Int> {
        let total = feed.items.totalCount
        let top = min(self.top, max(0, total - Self.viewportRows))
        return top..<min(total, top + Self.viewportRows)
    }

    /// Loads the first page and shows the first screen.
    func start() async {
        feed.loadFirstPageIfNeeded()
        source.release()
        await settle()
        report()
        await settle()
    }

    /// Draws the next step at random. Scrolls keep a heading for a while (a person holding a
    /// key), so the list grows long enough for pages to be dropped and reloaded.
    func nextStep() -> Step {
        if Int.random(in: 0..<100, using: &random) < 6 { heading = -heading }
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<34: return .scroll(heading * Int.random(in: 1...9, using: &random))
        case 34..<40: return .hold(heading * Int.random(in: 20...90, using: &random))
        case 40..<42: return .scroll(-heading * Int.random(in: 1...9, using: &random))
        case 42..<44: return .top
        case 44..<46: return .bottom
        case 46..<53: return .failNext
        case 53..<55: return .truncateNext(Int.random(in: 0..<source.pageSize, using: &random))
        case 55..<56: return .duplicateNext
        case 56..<76: return .release(Int.random(in: 1...3, using: &random))
        case 76..<90: return .releaseAll
        case 90..<99: return .retry
        default: return .refresh
        }
    }

    /// Carries out a step, lets the view report, and waits until the feed is at rest.
    func perform(_ step: Step) async {
        history.append(step.description)
        // Time passes between steps, so adaptive prefetch measures speed and latency.
        clock.advance(by: .milliseconds(100))
        switch step {
        case .scroll(let rows): top = max(0, visible.lowerBound + rows)
        case .hold(let rows):
            for _ in 0..<abs(rows) / 3 {
                top = max(0, visible.lowerBound + rows.signum() * 3)
                report()
                await settle()
                await releaseAll()
            }
        case .top: top = 0
        case .bottom: top = feed.items.totalCount
        // One fault at a time: the next load gets it, and no fault waits while one is pending.
        case .failNext where source.scriptedLoadsLeft == 0: source.script(.failure(ScriptedFailure("model fault")))
        case .truncateNext(let count) where source.scriptedLoadsLeft == 0:
            servedWrongPages = true
            source.script(.truncated(keeping: count))
        case .duplicateNext where source.scriptedLoadsLeft == 0:
            servedWrongPages = true
            source.script(.itemsOfPage(0))
        case .failNext, .truncateNext, .duplicateNext: break
        case .release(let count):
            for _ in 0..<count { await releaseOne() }
        case .releaseAll: await releaseAll()
        case .retry: feed.retry()
        case .refresh:
            let feed = self.feed
            refreshes.append(Task { await feed.refresh() })
        }
        await settle()
        report()
        await settle()
        let items = feed.items
        let loaded = "loaded \(items.indices) of \(items.totalCount)"
        let keys = "before \(feed.store.droppedBefore.suffix(4).map { $0.key ?? -1 }) loaded \(feed.pageKeys.map { $0 ?? -1 })"
        let queues = [LoadDirection.append, .prepend].map { direction in
            (feed.pending[direction] ?? []).map { load in
                "\(load.request.key ?? -1)" + (load.isInFlight ? "…" : load.error != nil ? "✗" : "✓")
            }
        }
        history[history.count - 1] += " → rows \(visible) \(loaded), \(feed.loadStates) \(keys) pending \(queues)"
    }

    /// The keys of the loads at the gate in a fixed order (the refresh first, then by page), so
    /// a seed replays exactly whatever order the loads arrived in.
    private var sortedWaitingKeys: [Int?] {
        source.waitingKeys.sorted { ($0 ?? -1) < ($1 ?? -1) }
    }

    /// Lets one waiting load through (drawn from the seed) and waits until the feed has taken
    /// its page: one at a time, so every script and every commit happens in the same order on
    /// every run.
    private func releaseOne() async {
        let keys = sortedWaitingKeys
        guard !keys.isEmpty else { return }
        source.release(key: keys[Int.random(in: 0..<keys.count, using: &random)])
        await settle()
    }

    /// Lets loads through one at a time until none waits (the feed may start more meanwhile).
    private func releaseAll() async {
        for _ in 0..<20 where source.waitingCount > 0 { await releaseOne() }
    }

    /// Reports the rows on screen, as the app does: the first and the last, when they change.
    func report() {
        let rows = visible
        guard rows != reported, !rows.isEmpty else { return }
        reported = rows
        feed.itemAppeared(at: rows.lowerBound)
        feed.itemAppeared(at: rows.upperBound - 1)
    }

    /// Waits until every load the feed has in flight is waiting at the gate, and the feed has
    /// applied everything that came back: the feed is at rest until the test acts again.
    func settle() async {
        await feed.waitUntilParked(at: source)
    }

    /// What breaks the contract now, one sentence each.
    func violations() -> [String] {
        var found: [String] = []
        let items = feed.items
        let states = feed.loadStates
        for row in visible where items.item(at: row) == nil {
            let direction: LoadDirection = row < items.startIndex ? .prepend : .append
            let state = states[direction]
            if !(state.isLoading || state.error != nil || states.refresh.isLoading) {
                found.append("row \(row) is a placeholder on screen, but \(direction) is \(state)")
                break
            }
        }
        if items.placeholdersBefore > 0, states.prepend.isEndReached {
            found.append("\(items.placeholdersBefore) placeholders above, but prepend is endReached")
        }
        if items.placeholdersAfter > 0, states.append.isEndReached {
            found.append("\(items.placeholdersAfter) placeholders below, but append is endReached")
        }
        let ids = items.map(\.id)
        if Set(ids).count != ids.count { found.append("an id shows twice") }
        return found
    }

    /// Lifts every fault, retries once, then lets the loads in flight through, round by round
    /// (a round is one trip to the source for everything waiting), until the screen is full
    /// or nothing is in flight. Returns the rows still placeholders and the rounds it took.
    func recover(maxRounds: Int = 100) async -> (holes: [Int], rounds: Int) {
        source.removeAllScripts()
        feed.retry()
        await settle()
        report()
        await settle()
        var rounds = 0
        while !visibleHoles.isEmpty, feed.loadsInFlight > 0, rounds < maxRounds {
            rounds += 1
            // One round: everything waiting now goes through (loads it starts wait for the next).
            for key in sortedWaitingKeys {
                source.release(key: key)
                await settle()
            }
            report()
            await settle()
        }
        return (visibleHoles, rounds)
    }

    /// A refresh (waiting out any running one first) and the first screen again.
    func startOver() async {
        await finishRefreshes()
        source.removeAllScripts()
        source.openGate()
        top = 0
        await feed.refresh()
        await settle()
        reported = nil
        report()
        await settle()
    }

    var visibleHoles: [Int] { visible.filter { feed.items.item(at: $0) == nil } }

    /// The last steps, for a failure message that can be replayed.
    func trace(last count: Int = 14) -> String {
        "seed \(seed), step \(history.count):\n  " + history.suffix(count).joined(separator: "\n  ")
    }

    /// Waits for the refreshes started so far (bounded: one that never ends fails the test).
    private func finishRefreshes() async {
        for refresh in refreshes {
            do { _ = try await refresh.value(within: .seconds(20)) } catch { Issue.record(error, "a refresh did not end") }
        }
    }

    /// Ends what the model started: open the gate so nothing waits, and wait for refreshes.
    func finish() async {
        source.openGate()
        await finishRefreshes()
    }
}
