import Dispatch
import Foundation
import Synchronization

/// `endless serve`: run in the foreground until SIGINT or SIGTERM.
extension SimulatorServer {
    /// Starts the server, calls `onStart` with its base URL, then blocks the calling thread
    /// until SIGINT or SIGTERM arrives and the server has shut down gracefully.
    ///
    /// The signals are caught by a handler that only writes their number to a pipe (nothing
    /// async-signal-unsafe runs in it). Once `run` has been called, SIGINT and SIGTERM stay
    /// routed through that pipe for the life of the process; outside a `run` they still end
    /// the process as by default.
    ///
    /// - Parameter onStart: called once listening, e.g. to print the URL.
    /// - Returns: the signal that ended the run (`SIGINT` or `SIGTERM`).
    /// - Throws: ``SimulatorServerError`` when the server cannot start.
    @discardableResult
    public func run(onStart: (URL) -> Void = { _ in }) throws(SimulatorServerError) -> Int32 {
        try run(until: [SIGINT, SIGTERM], onStart: onStart)
    }

    /// ``run(onStart:)`` ending on any of `signals`: tests use signals nothing else in the
    /// test process handles.
    func run(until signals: Set<Int32>, onStart: (URL) -> Void) throws(SimulatorServerError) -> Int32 {
        let latch = SignalLatch()
        // Observe before starting, so a signal during startup is not lost.
        let token = ServeSignals.shared.observe(signals) { number in latch.fire(number) }
        defer { ServeSignals.shared.stopObserving(token) }
        let url = try start()
        onStart(url)
        let number = latch.wait()
        stop()
        return number
    }
}

/// Hands the first signal from the signal queue to the thread blocked in `run`.
private final class SignalLatch: Sendable {
    private let first = Mutex<Int32>(0)
    private let fired = DispatchSemaphore(value: 0)

    func fire(_ number: Int32) {
        let isFirst = first.withLock { value -> Bool in
            guard value == 0 else { return false }
            value = number
            return true
        }
        if isFirst { fired.signal() }
    }

    func wait() -> Int32 {
        fired.wait()
        return first.withLock { $0 }
    }
}
