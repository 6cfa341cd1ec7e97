import Dispatch
import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing

@testable import EndlessCache

/// Holds a cache's background check at ``IntegrityCheck/Event/checking`` (its read
/// transaction open, quick_check about to run) until the test opens the gate, or, if asked, until
/// something waits for the check to finish (the cache going away). The test can wait for the
/// check to get there.
///
/// The hold has a long deadline only so that a broken cache (one whose `use` waits for the
/// check) fails the test instead of hanging it: ``timedOut`` then says so. It is long enough
/// for a loaded machine (20 s was not, on 2 cores shared with other builds) and scaled for
/// sanitizers (``TimeBudget``).
final class CheckGate: Sendable {
    private struct State {
        var arrivals = 0
        var arrived: [OnceResumer] = []
        var niceness: Int32?
        var timedOut = false
    }

    private let state = Mutex(State())
    private let gate = DispatchSemaphore(value: 0)
    /// How long a check is held at most when nothing opens the gate.
    static let holdDeadline = DispatchTimeInterval.seconds(Int(TimeBudget.scaled(.seconds(40)).components.seconds))
    private let opensWhenAwaited: Bool

    /// - Parameter opensWhenAwaited: let the check go on as soon as something waits for it.
    init(opensWhenAwaited: Bool = false) { self.opensWhenAwaited = opensWhenAwaited }

    /// The observer to give the cache.
    var observer: @Sendable (IntegrityCheck.Event) -> Void {
        { [self] event in
            switch event {
            case .checking: hold()
            case .awaited: if opensWhenAwaited { open() }
            }
        }
    }

    private func hold() {
        let niceness = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let waiting = state.withLock { state in
            state.arrivals += 1
            state.niceness = niceness
            defer { state.arrived = [] }
            return state.arrived
        }
        for waiter in waiting { waiter.resume() }
        if gate.wait(timeout: .now() + Self.holdDeadline) == .timedOut {
            state.withLock { $0.timedOut = true }
        }
    }

    /// Waits until a check has reached quick_check and is held there (bounded: a check that
    /// never comes records an issue).
    func arrival(sourceLocation: SourceLocation = #_sourceLocation) async {
        await OnceResumer.wait("the integrity check to reach the gate", within: .seconds(30), sourceLocation: sourceLocation) {
            resumer in
            let here = self.state.withLock { state in
                if state.arrivals > 0 { return true }
                state.arrived.append(resumer)
                return false
            }
            if here { resumer.resume() }
        }
    }

    /// Lets a held check run.
    func open() { gate.signal() }

    /// How many checks reached quick_check.
    var arrivals: Int { state.withLock { $0.arrivals } }
    /// The nice value of the last check's thread.
    var niceness: Int32? { state.withLock { $0.niceness } }
    /// Whether a check was held to the deadline: something waited for it that must not.
    var timedOut: Bool { state.withLock { $0.timedOut } }
}
