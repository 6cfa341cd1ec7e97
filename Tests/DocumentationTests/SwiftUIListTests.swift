import Endless
import EndlessHTTP
import EndlessTesting
import Synchronization
import Testing

/// Runs the part of the article "Binding a SwiftUI list" that compiles on Linux.
@MainActor
@Suite struct SwiftUIListTests {
    @Test func aListRedrawsWhenItsRowsArrive() async throws {
        let service = try PeopleService()
        defer { service.stop() }
        let feed = makePeopleFeed(client: HTTPClient(baseURL: service.url), clock: ManualClock())
        let redraws = Counter()

        #expect(rowsOnce(of: feed) { redraws.add() } == [""])
        feed.loadFirstPageIfNeeded()
        try #require(await feed.wait { $0.items.count == 20 })
        #expect(redraws.value == 1)            // once, however many changes
        let rows = rowsOnce(of: feed) {}
        #expect(rows.count == 21)
        #expect(rows.first == "Person 1-0")
    }
}

/// A count that escaping, sendable closures can bump.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
