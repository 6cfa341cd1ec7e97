import Endless
import EndlessFeedModel
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// `--dump-state`: what a tab writes of its list.
@Suite("State dump", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct StateDumpTests {
    typealias F = BrowseFixtures

    @Test("the state dump lists loaded people by row, and nobody seen twice")
    func stateDump() async throws {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.trackSeenItems()
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 }
        model.visibleRangeChanged(10..<20)

        let dump = StateDump.Tab(model, feed: .people)

        #expect(dump.rows == 40)
        #expect(dump.loaded.prefix(2).map(\.id) == ["uuid-0", "uuid-1"])
        #expect(dump.seenItems == 20)
        #expect(dump.duplicates.isEmpty)
    }
}
