import Endless
import EndlessTesting

typealias TestFeed = Feed<ScriptedPageSource<ScriptedItem>>

extension FeedConfiguration {
    /// Defaults, except that a refresh does not hold its indicator: most tests are not about
    /// that, and would otherwise have to advance the clock after every refresh.
    static let test = FeedConfiguration(minimumIndicatorDuration: .zero)
}

/// A feed over a scripted source, on a manual clock.
@MainActor
struct FeedHarness {
    let clock = ManualClock()
    let source: ScriptedPageSource<ScriptedItem>
    let feed: TestFeed

    init(
        configuration: FeedConfiguration = .test, pageCount: Int? = nil, gated: Bool = false,
        ignoresCancellation: Bool = false, keysKnownInAdvance: Bool = true, repeatEvery: Int? = nil,
        latency: Duration = .zero, initialKey: Int? = nil, openingKey: Int? = nil
    ) {
        source = ScriptedPageSource(
            pageSize: configuration.pageSize, pageCount: pageCount, latency: latency, clock: clock, gated: gated,
            ignoresCancellation: ignoresCancellation, keysKnownInAdvance: keysKnownInAdvance,
            repeatEvery: repeatEvery)
        feed = Feed(source: source, configuration: configuration, initialKey: initialKey, openingKey: openingKey, clock: clock)
    }

    /// Loads the first page (opening the gate for it if closed) and waits until it is shown.
    func loadFirstPage() async {
        feed.loadFirstPageIfNeeded()
        if source.isGated { source.release() }
        await feed.wait { !$0.loadStates.refresh.isLoading }
    }

    /// Reports rows as seen and waits until nothing is loading any more.
    /// - Returns: whether it settled (false once the wait gave up or the test was cancelled).
    @discardableResult
    func see(
        _ rows: some Sequence<Int>, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
        column: Int = #column
    ) async -> Bool {
        for row in rows { feed.itemAppeared(at: row) }
        return await settle(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Waits until no direction is loading.
    /// - Returns: whether it settled.
    @discardableResult
    func settle(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) async -> Bool {
        await feed.wait(fileID: fileID, filePath: filePath, line: line, column: column) { $0.loadStates.loadingCount == 0 }
    }

    /// Waits until every load in flight is waiting at the gate (and every page that came back
    /// has been applied): the feed is at rest until the test lets something through.
    func parked() async {
        await feed.waitUntilParked(at: source)
    }
}

extension FeedItems where Item == ScriptedItem {
    var ids: [Int] { map(\.id) }
}
