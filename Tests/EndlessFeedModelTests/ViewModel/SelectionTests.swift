import Endless
import EndlessTesting
import Foundation
import Observation
import Synchronization
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

    /// A list opened on page 5 with entry 107 selected, once page 4 has landed above it (every
    /// row moved down 20), and nothing has read the selection since.
    static func movedByRowsAbove(clock: ManualClock) async -> F.Model {
        let model = Self.reopened(clock: clock)
        model.start()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        model.visibleRangeChanged(0..<5)  // the top: page 4 loads above
        await model.wait { $0.rowCount >= 40 && $0.feed.loadStates.prepend.isIdle }
        return model
    }

    @Test("a move that goes nowhere (up, or to the top, at the first row) changes nothing a frame observes; a pull under way is still let go")
    func moveGoingNowhereChangesNothing() async {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        model.visibleRangeChanged(0..<5)
        _ = model.selection
        let changes = Mutex(0)
        // What a frame observes: every signal-observed property, through the shared revision.
        withObservationTracking {
            FrameObservation.coarse {
                _ = model.selectedRow
                _ = model.pull
            }
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        model.perform(.moveUp, visibleRows: 5)
        model.perform(.top, visibleRows: 5)
        #expect(changes.withLock { $0 } == 0, "a key that moved nothing asked for a frame")
        #expect(model.selection == 0)

        model.wheel(up: true)  // a notch at the top: a pull under way
        #expect(model.pull.isActive)
        model.perform(.moveUp, visibleRows: 5)
        #expect(!model.pull.isActive, "a key lets a pull go")
    }

    @Test("reading the selection changes nothing a view observes, however often it is read")
    func readingChangesNothing() async {
        let clock = ManualClock()
        let model = await Self.movedByRowsAbove(clock: clock)
        let changes = Mutex(0)
        // What a view that shows the selection observes, registered without reading it.
        withObservationTracking {
            _ = model.selectedRow
            _ = model.lastSelectionMove
        } onChange: {
            changes.withLock { $0 += 1 }
        }

        let first = model.selection
        let second = model.selection
        let move = model.selectionMove

        #expect(changes.withLock { $0 } == 0, "a read changed what views observe")
        #expect(first == 27 && second == 27)
        #expect(model.item(at: first)?.id == "entry-107")
        #expect(move?.delta == 20)
    }

    @Test("the selection is settled when the rows change, with nothing reading it")
    func settledByTheRowsChanging() async {
        let clock = ManualClock()
        let model = await Self.movedByRowsAbove(clock: clock)
        // Waits on the stored row alone: only the rows changing can move it.
        #expect(await model.wait { $0.selectedRow == 27 && $0.lastSelectionMove?.delta == 20 })
        #expect(model.pendingReselection == nil)
    }
}
