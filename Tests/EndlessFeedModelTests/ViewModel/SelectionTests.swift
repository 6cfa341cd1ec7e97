import Endless
import EndlessTesting
import Foundation
import Testing

@testable import EndlessFeedModel

/// The selection's one home: a list opened where it was left selects the same item again once
/// its page lands, and stays on it as the pages before load above, whoever reads it first.
@Suite("Selection", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct SelectionTests {
    typealias F = ListFixtures

    /// A list opening on page 5 (entries 100-119), to select entry 107 again.
    static func reopened(clock: ManualClock) -> F.Model {
        F.model(F.source(clock: clock), clock: clock, openingKey: 5, reselecting: "entry-107")
    }

    @Test("the item selected when the list was left is selected once its page lands, with no call but the read")
    func reselects() async {
        let clock = ManualClock()
        let model = Self.reopened(clock: clock)
        #expect(model.itemToReselect == "entry-107")
        model.start()
        await model.wait { $0.rowCount > 0 }

        #expect(model.item(at: model.selection)?.id == "entry-107")
        #expect(model.selection == 7)
        #expect(model.itemToReselect == nil)
    }

    @Test("rows put above move the selection along, and a key before any frame moves from the same item")
    func followsRowsAbove() async {
        let clock = ManualClock()
        let model = Self.reopened(clock: clock)
        model.start()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        #expect(model.selection == 7)
        let serial = model.selectionMove?.serial ?? 0

        model.visibleRangeChanged(0..<5)  // the top: page 4 loads above, every row moves down 20
        await model.wait { $0.rowCount >= 40 && $0.feed.loadStates.prepend.isIdle }
        model.perform(.moveDown, visibleRows: 10)

        #expect(model.item(at: model.selection)?.id == "entry-108")
        #expect(model.selectionMove?.delta == 20)
        #expect(model.selectionMove?.serial == serial + 1)
    }

    @Test("nothing is selected again before the item's page lands; the item is once it has")
    func waitsForRows() async {
        let clock = ManualClock()
        let source = F.source(clock: clock, gated: true)
        let model = F.model(source, clock: clock, openingKey: 5, reselecting: "entry-107")
        model.start()
        #expect(model.selection == 0)
        #expect(model.itemToReselect == "entry-107", "nothing to select yet")

        source.release()
        await model.wait { $0.rowCount > 0 }
        #expect(model.item(at: model.selection)?.id == "entry-107")
    }
}
