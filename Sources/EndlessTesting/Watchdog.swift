import Dispatch
import Foundation
import Synchronization

/// The one thread that ends this library's bounded waits when their time runs out.
///
/// A wait registers what to do at its deadline and forgets it when it ends first, which is
/// nearly always. One plain thread sleeping until the earliest deadline costs nothing per wait:
/// a task per wait, sleeping and then cancelled, cost a task creation and a cancellation each,
/// thousands of times in a run (a test scrolling 2,000 rows waits after every row).
final class Watchdog: Sendable {
    /// Identifies a registered deadline, to forget it.
    struct Ticket: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        var deadline: ContinuousClock.Instant
        var action: @Sendable () -> Void
    }

    private struct State {
        var nextID: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
        var isRunning = false
    }

    static let shared = Watchdog()

    private let state = Mutex(State())
    /// Signalled when a deadline is added, so the thread sleeps until the earliest one.
    private let wake = DispatchSemaphore(value: 0)

    /// Runs `action` at `deadline`, on the watchdog's thread, unless forgotten first.
    ///
    /// - Parameters:
    ///   - deadline: when to act.
    ///   - action: what to do then; it must be quick and must not wait.
    /// - Returns: the ticket that ``forget(_:)`` takes.
    func at(_ deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Ticket {
        let (id, start) = state.withLock { state -> (UInt64, Bool) in
            defer { state.nextID += 1 }
            state.entries[state.nextID] = Entry(deadline: deadline, action: action)
            let start = !state.isRunning
            state.isRunning = true
            return (state.nextID, start)
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "EndlessTesting.Watchdog"
            thread.start()
        } else {
            wake.signal()
        }
        return Ticket(id: id)
    }

    /// Drops a deadline whose wait ended first.
    func forget(_ ticket: Ticket) {
        _ = state.withLock { $0.entries.removeValue(forKey: ticket.id) }
    }

    private func run() {
        while true {
            let now = ContinuousClock.now
            let (due, next) = state.withLock { state -> ([@Sendable () -> Void], ContinuousClock.Instant?) in
                let due = state.entries.filter { $0.value.deadline <= now }
                for id in due.keys { state.entries.removeValue(forKey: id) }
                return (due.values.map(\.action), state.entries.values.map(\.deadline).min())
            }
            for action in due { action() }
            if let next {
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(clamping: max(0, (next - now).nanoseconds))))
            } else {
                wake.wait()
            }
        }
    }
}

extension Duration {
    /// The whole nanoseconds in this duration (saturating).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return product.addingReportingOverflow(attoseconds / 1_000_000_000).partialValue
    }
}
