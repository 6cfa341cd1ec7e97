import Observation
import Synchronization

/// Keeps exactly one observation of the screen alive at a time.
///
/// Each frame is drawn inside `withObservationTracking`, which registers a one-shot observer on
/// everything the frame read. A registration that is never triggered stays registered, so
/// re-registering on every frame would pile them up (and one change would then fire them
/// all). Every frame therefore reads ``number``, and ``renew()`` changes it before the next
/// frame registers: that cancels the previous registration, whatever it tracked, and its
/// `onChange` sees that its generation is over and stays silent.
@MainActor @Observable
final class FrameTicket {
    /// Read by every frame; changed by ``renew()`` before the next one.
    private(set) var number: UInt64 = 0
    /// The generation whose observer may still report a change.
    @ObservationIgnored let current = Atomic<UInt64>(0)

    /// Retires the live registration and returns the new frame's generation.
    func renew() -> UInt64 {
        let next = number &+ 1
        // The generation first: the old observer fires during the change below and must find
        // itself outdated.
        current.store(next, ordering: .sequentiallyConsistent)
        number = next
        return next
    }

    /// Whether an observer of `generation` is the live one.
    nonisolated func isCurrent(_ generation: UInt64) -> Bool {
        current.load(ordering: .sequentiallyConsistent) == generation
    }
}
