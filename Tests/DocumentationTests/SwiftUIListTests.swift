import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessTesting
import Synchronization
import Testing

/// Runs the part of the article "Binding a SwiftUI list" that compiles on Linux.
@MainActor
@Suite struct SwiftUIListTests {
    @Test func aListRedrawsWhenItsRowsArriveAndReadingChangesNothing() async throws {
        let service = try PeopleService()
        defer { service.stop() }
        let model = makePeopleModel(client: HTTPClient(baseURL: service.url), clock: ManualClock())
        let redraws = Counter()

        #expect(rowsOnce(of: model) { redraws.add() } == [""])
        model.start()
        try #require(await model.feed.wait { $0.items.count == 20 })
        #expect(redraws.value == 1)  // once, however many changes

        // A body reading the list again and again changes nothing it reads.
        let rows = rowsOnce(of: model) { redraws.add() }
        #expect(rowsOnce(of: model) {} == rows)
        #expect(redraws.value == 1)
        #expect(rows.count == 21)
        #expect(rows.first == "> Person 1-0")
        #expect(rows.last == "")
    }

    @Test func theFooterSaysWhatTheEndOfTheListIs() async throws {
        let service = try PeopleService(pageCount: 1)
        defer { service.stop() }
        let model = makePeopleModel(client: HTTPClient(baseURL: service.url), clock: ManualClock())
        model.start()
        try #require(await model.feed.wait { $0.loadStates.append.isEndReached })
        #expect(footerLine(for: model.footer) == "That's everyone: 20 people.")
        #expect(footerLine(for: .failed(UntrustedText("offline"))) == "offline\nTap to try again.")
    }
}

/// A count that escaping, sendable closures can bump.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
