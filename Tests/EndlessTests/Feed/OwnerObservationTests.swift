import EndlessTesting
import Observation
import Synchronization
import Testing

@testable import Endless

/// The feed observed two ways: finely, each property on its own (what every observer outside a
/// frame sees, unchanged), and coarsely inside `FrameObservation.coarse`, through the one
/// revision every change bumps (what the terminal app's frame observes). Coarse observation
/// must be told of every change fine observation is told of: a change it missed would be a
/// frame not redrawn.
@MainActor
@Suite("Feed: fine and coarse observation", .timeLimit(TimeBudget.minutes(1)))
struct OwnerObservationTests {
    /// A read of the feed that a view may observe.
    struct Read: Sendable {
        let name: String
        let read: @MainActor @Sendable (TestFeed) -> Void
    }

    /// A change to the feed, and the reads that observe it finely.
    struct Change: Sendable {
        let name: String
        let affects: Set<String>
        let change: @MainActor @Sendable (FeedHarness) async -> Void
    }

    nonisolated static let reads: [Read] = [
        Read(name: "items") { _ = $0.items },
        Read(name: "pageKeys") { _ = $0.pageKeys },
        Read(name: "loadStates") { _ = $0.loadStates },
        Read(name: "loadsInFlight") { _ = $0.loadsInFlight },
        Read(name: "refreshAnchorIndex") { _ = $0.refreshAnchorIndex },
        Read(name: "lastError") { _ = $0.lastError(.append) },
        Read(name: "refreshAvailableIn") { _ = $0.refreshAvailableIn },
    ]

    nonisolated static let pages: Set<String> = ["items", "pageKeys"]

    /// Every kind of change to what a view may read: each observed property set on its own,
    /// and the operations that change them together.
    nonisolated static let changes: [Change] = [
        Change(name: "item edited", affects: pages) { _ = $0.feed.update(id: 3) { $0 = ScriptedItem(id: 3, position: 99) } },
        Change(name: "item removed", affects: pages) { _ = $0.feed.remove(id: 4) },
        Change(name: "load states", affects: ["loadStates"]) { $0.feed.loadStates.append = .loading },
        Change(name: "loads in flight", affects: ["loadsInFlight"]) { $0.feed.loadsInFlight += 1 },
        Change(name: "refresh anchor", affects: ["refreshAnchorIndex"]) { $0.feed.refreshAnchorIndex = 7 },
        Change(name: "last error", affects: ["lastError"]) { $0.feed.lastErrors[.append] = ScriptedFailure() },
        Change(name: "refresh started", affects: ["refreshAvailableIn"]) { $0.feed.lastRefreshStart = .seconds(5) },
        // A success clears its direction's last error.
        Change(name: "page landed", affects: pages.union(["loadStates", "loadsInFlight", "lastError"])) { await $0.see([19]) },
        Change(name: "page failed", affects: ["loadStates", "loadsInFlight", "lastError"]) { harness in
            harness.source.script(.failure(ScriptedFailure()), forPage: 1)
            await harness.see([19])
        },
        // No row was on screen: the anchor stays nil, and an equal value tells nobody.
        Change(name: "refreshed", affects: pages.union(["loadStates", "loadsInFlight", "lastError", "refreshAvailableIn"])) {
            harness in
            harness.clock.advance(by: .seconds(3_600))  // past the cooldown
            _ = await harness.feed.refresh()
        },
    ]

    /// Whether an observation of `read` made in `mode` is told of `change`, on a feed with its
    /// first page loaded.
    static func isTold(of change: Change, reading read: Read, coarse: Bool) async -> Bool {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        let told = Mutex(false)
        let observe = {
            withObservationTracking {
                read.read(harness.feed)
            } onChange: {
                told.withLock { $0 = true }
            }
        }
        if coarse { FrameObservation.coarse(observe) } else { observe() }
        await change.change(harness)
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
            let fine = await Self.isTold(of: change, reading: read, coarse: false)
            let coarse = await Self.isTold(of: change, reading: read, coarse: true)
            #expect(coarse, "\(read.name) after \(change.name) (finely told: \(fine))")
        }
    }

    @Test("scopes nest, each restoring what it found; nothing started inside a coarse scope observes coarsely after it")
    func scopesNest() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        #expect(!FrameObservation.isCoarse)
        FrameObservation.coarse {
            #expect(FrameObservation.isCoarse)
            FrameObservation.fine { #expect(!FrameObservation.isCoarse) }
            #expect(FrameObservation.isCoarse, "a fine scope inside a coarse one returns to coarse")
            FrameObservation.coarse { #expect(FrameObservation.isCoarse) }
            #expect(FrameObservation.isCoarse, "a coarse scope inside a coarse one leaves it coarse")
        }
        #expect(!FrameObservation.isCoarse)

        // A task started inside the scope (which would inherit a task-local) observes finely:
        // a change to what it did not read does not tell it.
        let told = Mutex(false)
        let task = FrameObservation.coarse {
            Task { @MainActor [feed = harness.feed] in
                withObservationTracking {
                    _ = feed.loadsInFlight
                } onChange: {
                    told.withLock { $0 = true }
                }
            }
        }
        await task.value
        harness.feed.refreshAnchorIndex = 3
        #expect(!told.withLock { $0 })
        harness.feed.loadsInFlight += 1
        #expect(told.withLock { $0 })
    }

    @Test("in a coarse scope only the first read reaches Observation; a tracking nested in a scope of its own is still told of what it read")
    func nestedTracking() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        let outerTold = Mutex(false)
        let innerTold = Mutex(false)
        FrameObservation.coarse {
            withObservationTracking {
                _ = harness.feed.loadsInFlight
                // Its first read is after the outer's: it must register the revision itself.
                FrameObservation.coarse {
                    withObservationTracking {
                        _ = harness.feed.loadsInFlight
                    } onChange: {
                        innerTold.withLock { $0 = true }
                    }
                }
                _ = harness.feed.refreshAnchorIndex
            } onChange: {
                outerTold.withLock { $0 = true }
            }
        }
        harness.feed.refreshAnchorIndex = 3
        #expect(outerTold.withLock { $0 })
        #expect(innerTold.withLock { $0 })
    }

    @Test("a coarse scope ends when its body throws")
    func throwingBody() {
        #expect(throws: ScriptedFailure.self) { try FrameObservation.coarse { throw ScriptedFailure() } }
        #expect(!FrameObservation.isCoarse)
    }
}

extension OwnerObservationTests.Change: CustomTestStringConvertible {
    var testDescription: String { name }
}
