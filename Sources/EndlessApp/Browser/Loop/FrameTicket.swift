import Observation
import Synchronization

/// Numbers the loop's frames, so that news meant for a frame already drawn over is ignored.
///
/// The loop posts a change with the generation live when it came; ``renew()`` starts a new one
/// for each frame, which draws every change posted before it, so a change of an older
/// generation asks for nothing (see ``isCurrent(_:)``). An observation that reads ``number``
/// (the loop's wait for its first page; the status bar's watch, with a ticket of its own) is
/// retired by the next renewal: the change cancels it, and its `onChange` finds its
/// generation over and stays silent.
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

    /// The live generation, read from any thread.
    nonisolated var generation: UInt64 {
        current.load(ordering: .sequentiallyConsistent)
    }

    /// Whether an observer of `generation` is the live one.
    nonisolated func isCurrent(_ generation: UInt64) -> Bool {
        current.load(ordering: .sequentiallyConsistent) == generation
    }
}
