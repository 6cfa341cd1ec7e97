import Observation
import Synchronization

/// Coarse observation of every ``Feed`` and view model, for code that redraws everything it
/// read whenever any of it changes (the terminal app's frame).
///
/// Observation costs per object and key path read: `withObservationTracking` installs an
/// observer on each one it saw and cancels them all when the first fires. A frame of the
/// terminal app reads a dozen ``SignalObserved`` properties of the feed and its view model,
/// each behind a registrar of its own, and a held `j` draws a frame per key: installing and
/// cancelling those observers was ~76 µs a key (issue 29). A frame redraws whole whatever
/// changed, so knowing *which* property changed buys it nothing. Inside ``coarse(_:)`` every
/// signal-observed read registers the one shared ``Revision`` instead, which every change of
/// every signal-observed property bumps (``SignalObserved``): the frame installs one observer
/// for all of them, and is told of every change it would have been told of (and of changes to
/// what it did not read, which only costs a frame).
///
/// Outside ``coarse(_:)`` (SwiftUI views, a library user's `withObservationTracking`, the view
/// model's own observations) each property is observed on its own, exactly as before.
///
/// Why a process-wide atomic flag, and why it is safe:
/// - It is set and restored only on the main actor, by a synchronous body: scopes cannot
///   interleave, so they nest strictly, and each restores the value it found (a ``fine(_:)``
///   scope inside a coarse frame returns to coarse, a coarse one inside a coarse frame leaves
///   it coarse). `defer` restores it when the body throws.
/// - The reads it routes are of `@MainActor` types (``Feed``, the view model), so they run on
///   the thread that set it, in program order: no memory ordering beyond relaxed is needed.
///   No other thread reads them while a frame draws.
/// - Within a scope only the first read reaches Observation: the scope's tracking holds the
///   revision from then on. A tracking nested inside a coarse scope must open a scope of its
///   own (``fine(_:)`` or ``coarse(_:)``, as the status bar's does), which starts unread.
/// - Nothing outlives the scope: an observation installed after it (a `Task` started during a
///   frame, which would inherit a task-local value) observes finely. A task-local would have
///   made such a task observe coarsely for as long as it ran.
package enum FrameObservation {
    /// Whether signal-observed reads register with ``Revision/shared`` instead of their own
    /// signal. See the type's comment for why an atomic, and why relaxed.
    private static let coarseReads = Atomic<Bool>(false)

    /// Whether the shared revision was read in the coarse scope open now: a scope's tracking
    /// holds it from its first read on, so the other reads (some fifty a frame) need not tell
    /// Observation again, which cost each of them a lookup and an insertion in the tracking's
    /// list of accesses (issue 29). Reset by every scope, restored at its end.
    private static let revisionRead = Atomic<Bool>(false)

    /// Whether signal-observed reads are observed coarsely now.
    static var isCoarse: Bool { coarseReads.load(ordering: .relaxed) }

    /// Registers a signal-observed read inside ``coarse(_:)``: the first reads the shared
    /// revision, with the observation in progress; the rest of the scope's are the same read.
    static func readCoarsely() {
        guard !revisionRead.load(ordering: .relaxed) else { return }
        revisionRead.store(true, ordering: .relaxed)
        _ = Revision.shared.revision
    }

    /// Runs `body` with every signal-observed read observed through the shared revision.
    /// - Parameter body: what reads (a frame's drawing); synchronous, so no other main-actor
    ///   work runs while reads are coarse.
    /// - Returns: what `body` returns.
    @MainActor
    package static func coarse<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withReads(coarse: true, body)
    }

    /// Runs `body` with every signal-observed read observed on its own, even inside
    /// ``coarse(_:)``: for a part of the frame observed apart, which must not be told of every
    /// change (the status bar's watch).
    /// - Parameter body: what reads.
    /// - Returns: what `body` returns.
    @MainActor
    package static func fine<Result>(_ body: () throws -> Result) rethrows -> Result {
        try withReads(coarse: false, body)
    }

    /// A scope starts with the revision unread: a scope is opened by a tracking of its own
    /// (the frame's, the status bar's), which must hear of the revision itself.
    @MainActor
    private static func withReads<Result>(coarse: Bool, _ body: () throws -> Result) rethrows -> Result {
        let outer = coarseReads.exchange(coarse, ordering: .relaxed)
        let outerRead = revisionRead.exchange(false, ordering: .relaxed)
        defer {
            coarseReads.store(outer, ordering: .relaxed)
            revisionRead.store(outerRead, ordering: .relaxed)
        }
        return try body()
    }

    /// Calls `action` at every change of every signal-observed property (every bump of the
    /// shared revision), on the thread that makes it, until the returned observation is
    /// cancelled or released.
    ///
    /// How a loop that draws whole frames, reading only signal-observed properties in
    /// ``coarse(_:)``, learns that one changed: one observer for its life instead of one
    /// `withObservationTracking` a frame, whose install and cancel (a registration per object
    /// read, and their removal when it fired) was some 30 thousand instructions of every key
    /// (issue 29). `action` runs often and must be quick; it must not change a
    /// signal-observed property.
    /// - Parameter action: what to do; it posts to a queue, typically.
    /// - Returns: the observation; cancelling or releasing it stops the calls.
    package static func observeEveryChange(_ action: @escaping @Sendable () -> Void) -> EveryChange {
        EveryChange(action)
    }

    /// An observation of every change (see ``observeEveryChange(_:)``).
    package final class EveryChange: Sendable {
        private let id: UInt64

        fileprivate init(_ action: @escaping @Sendable () -> Void) {
            id = Revision.shared.add(action)
        }

        /// Stops the calls; the ones running finish.
        package func cancel() {
            Revision.shared.remove(id)
        }

        deinit {
            Revision.shared.remove(id)
        }
    }

    /// The one change count that stands in, inside ``FrameObservation/coarse(_:)``, for every
    /// signal-observed property of every feed and view model.
    ///
    /// Not generic and not `@Observable`: a constant key path, and `Sendable`, so there is one
    /// for the process, changed from whatever isolation the property's owner has.
    final class Revision: Observable, Sendable {
        /// The revision of every signal-observed property.
        static let shared = Revision()

        private let registrar = ObservationRegistrar()
        private let changes = Atomic<UInt64>(0)
        /// The observers of every change (``FrameObservation/observeEveryChange(_:)``), in the
        /// order they came; an array, so that a change copies it with one retain.
        private let everyChange = Mutex<(lastID: UInt64, actions: [(id: UInt64, action: @Sendable () -> Void)])>((0, []))

        /// How many changes there have been: reading it registers with the observation in
        /// progress.
        var revision: UInt64 {
            registrar.access(self, keyPath: \.revision)
            return changes.load(ordering: .relaxed)
        }

        /// Tells the observers of ``revision``, and of every change, that something is about
        /// to change.
        func bump() {
            registrar.withMutation(of: self, keyPath: \.revision) {
                _ = changes.add(1, ordering: .relaxed)
            }
            let actions = everyChange.withLock { $0.actions }
            for entry in actions { entry.action() }
        }

        /// Adds an observer of every change; returns its id.
        fileprivate func add(_ action: @escaping @Sendable () -> Void) -> UInt64 {
            everyChange.withLock { state in
                state.lastID &+= 1
                state.actions.append((state.lastID, action))
                return state.lastID
            }
        }

        /// Removes the observer `id`, if it is still there.
        fileprivate func remove(_ id: UInt64) {
            everyChange.withLock { state in state.actions.removeAll { $0.id == id } }
        }
    }
}
