import Endless
import Observation
import Synchronization
import Testing

/// A `@SignalObserved` property tells its observers of changes as a tracked property of an
/// `@Observable` class does, including that an `Equatable` value set to what it holds tells
/// nobody.
///
/// On the main actor, as the properties are read in the app (`FrameObservation`): a frame
/// another test draws routes every signal-observed read coarsely while it draws, and a read
/// on another thread then, tracked by this test, was not told of its change.
@Suite("Signal-observed properties")
@MainActor
struct SignalObservedTests {
    /// A value that cannot be compared: every set is a change.
    struct Opaque {
        var number = 0
    }

    final class Holder {
        @SignalObserved var count = 0
        @SignalObserved var opaque = Opaque()
    }

    /// Whether an observation of `read` is told of `change`.
    static func isTold(reading read: () -> Void, of change: () -> Void) -> Bool {
        let told = Mutex(false)
        withObservationTracking(read) { told.withLock { $0 = true } }
        change()
        return told.withLock { $0 }
    }

    @Test("an Equatable value set to what it holds tells nobody; a new value, or any set of another value, tells")
    func equalSetsTellNobody() {
        let holder = Holder()
        #expect(!Self.isTold(reading: { _ = holder.count }, of: { holder.count = 0 }))
        #expect(Self.isTold(reading: { _ = holder.count }, of: { holder.count = 1 }))
        #expect(holder.count == 1)
        // Changed in place: told, even when the value ends as it was.
        #expect(Self.isTold(reading: { _ = holder.count }, of: { holder.count += 0 }))
        #expect(Self.isTold(reading: { _ = holder.opaque }, of: { holder.opaque = Opaque() }))
        // Each property is observed on its own.
        #expect(!Self.isTold(reading: { _ = holder.opaque }, of: { holder.count = 2 }))
    }
}

/// The loop's observation of every change: told of each change of every signal-observed
/// property, until cancelled or released.
@Suite("Every change observed")
struct EveryChangeTests {
    final class Holder {
        @SignalObserved var count = 0
    }

    @Test("an observation of every change is told of each, until cancelled or released")
    func everyChange() {
        let holder = Holder()
        let told = Mutex(0)
        let observation = FrameObservation.observeEveryChange { told.withLock { $0 += 1 } }
        holder.count = 1
        holder.count = 1  // equal: no change
        holder.count += 1
        // Other tests change signals too, at any time: at least these two were told.
        let afterTwo = told.withLock { $0 }
        #expect(afterTwo >= 2)
        observation.cancel()
        let cancelled = told.withLock { $0 }
        holder.count = 7
        #expect(told.withLock { $0 } == cancelled)

        var released: FrameObservation.EveryChange? = FrameObservation.observeEveryChange { told.withLock { $0 += 100 } }
        holder.count = 8
        #expect(told.withLock { $0 } >= cancelled + 100)
        _ = released
        released = nil
        let afterRelease = told.withLock { $0 }
        holder.count = 9
        #expect(told.withLock { $0 } == afterRelease)
    }
}
