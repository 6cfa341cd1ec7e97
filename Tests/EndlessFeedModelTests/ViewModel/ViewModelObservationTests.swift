import Endless
import EndlessTesting
import Foundation
import Observation
import Synchronization
import Testing

@testable import EndlessFeedModel

/// The view model observed two ways: finely, each property on its own (a SwiftUI view, or any
/// observer outside a frame: unchanged), and coarsely inside `FrameObservation.coarse`, through
/// the one revision every change of it and of its feed bumps (the terminal app's frame). Coarse
/// observation must be told of every change fine observation is told of, or a frame would not
/// be redrawn.
@Suite("View model: fine and coarse observation", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ViewModelObservationTests {
    typealias F = ListFixtures

    /// A read a view of the model may observe.
    struct Read: Sendable {
        let name: String
        let read: @MainActor @Sendable (F.Model) -> Void
    }

    /// A change to the model, and the reads that observe it finely.
    struct Change: Sendable, CustomTestStringConvertible {
        let name: String
        let affects: Set<String>
        let change: @MainActor @Sendable (F.Model, ManualClock) async -> Void
        var testDescription: String { name }
    }

    nonisolated static let reads: [Read] = [
        Read(name: "selection") { _ = $0.selection },
        Read(name: "selectionMove") { _ = $0.selectionMove },
        Read(name: "details") { _ = $0.details },
        Read(name: "detailsScrollOffset") { _ = $0.detailsScrollOffset },
        Read(name: "detailsScroll") { _ = $0.detailsScroll },
        Read(name: "notice") { _ = $0.notice },
        Read(name: "pull") { _ = $0.pull },
        Read(name: "isHoldingRefreshSpinner") { _ = $0.isHoldingRefreshSpinner },
        Read(name: "live") { _ = $0.live },
        Read(name: "status") { _ = $0.status },
        Read(name: "rows") { _ = $0.rowCount },
    ]

    /// Every kind of change to what a view may read: each observed property on its own, and
    /// intents that change several.
    nonisolated static let changes: [Change] = [
        Change(name: "selected", affects: ["selection", "status"]) { model, _ in model.select(3) },
        Change(name: "selection moved", affects: ["selectionMove"]) { model, _ in
            model.lastSelectionMove = SelectionMove(delta: 2, serial: 1)
        },
        Change(name: "details opened", affects: ["details", "detailsScrollOffset"]) { model, _ in model.openDetails() },
        // With no details open, their offset reads no scroll.
        Change(name: "details scrolled", affects: ["detailsScroll"]) { model, _ in
            model.detailsScroll = DetailsScroll(id: "entry-0", offset: 1, lines: 9, shown: 3)
        },
        Change(name: "notice", affects: ["notice"]) { model, _ in model.show(.refreshCoolingDown) },
        Change(name: "pulled", affects: ["pull"]) { model, _ in model.wheel(up: true) },
        Change(name: "spinner held", affects: ["isHoldingRefreshSpinner"]) { model, _ in model.isHoldingRefreshSpinner = true },
        Change(name: "live", affects: ["live", "status"]) { model, _ in model.setLive(every: .seconds(30)) },
        Change(name: "page landed", affects: ["rows", "status"]) { model, _ in
            model.visibleRangeChanged(10..<20)
            await model.wait { $0.rowCount == 40 && $0.feed.loadsInFlight == 0 }
        },
    ]

    /// Whether an observation of `read`, fine or coarse, is told of `change`, on a model with
    /// its first page loaded.
    static func isTold(of change: Change, reading read: Read, coarse: Bool) async -> Bool {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        let told = Mutex(false)
        let observe = {
            withObservationTracking {
                read.read(model)
            } onChange: {
                told.withLock { $0 = true }
            }
        }
        if coarse { FrameObservation.coarse(observe) } else { observe() }
        await change.change(model, clock)
        return told.withLock { $0 }
    }

    @Test("fine observation is as before: each read is told of the changes to what it read, and of no other", arguments: changes)
    func fine(_ change: Change) async {
        for read in Self.reads {
            let told = await Self.isTold(of: change, reading: read, coarse: false)
            #expect(told == change.affects.contains(read.name), "\(read.name) after \(change.name)")
        }
    }

    @Test("coarse observation is told of every change fine observation is told of (and of every other)", arguments: changes)
    func coarse(_ change: Change) async {
        for read in Self.reads {
            let coarse = await Self.isTold(of: change, reading: read, coarse: true)
            #expect(coarse, "\(read.name) after \(change.name)")
        }
    }

    @Test("a scroll within the loaded rows tells no observer, fine or coarse: a frame drawn inside the coarse scope asks for none")
    func quietReportIsQuietCoarsely() async {
        let clock = ManualClock()
        let model = F.model(
            F.source(clock: clock), clock: clock,
            configuration: FeedConfiguration(pageSize: 20, prefetchDistance: 5, minimumIndicatorDuration: .zero))
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)
        await model.wait { !$0.feed.loadStates.append.isLoading && $0.feed.loadsInFlight == 0 }
        let told = Mutex(false)
        FrameObservation.coarse {
            withObservationTracking {
                _ = model.selection
            } onChange: {
                told.withLock { $0 = true }
            }
        }
        model.visibleRangeChanged(1..<11)
        #expect(!told.withLock { $0 })
        model.select(4)
        #expect(told.withLock { $0 })
    }
}
