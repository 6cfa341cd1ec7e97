import Dispatch
import Glibc
import Synchronization

/// Process-wide signal observation for ``SimulatorServer/run(onStart:)`` (SIGINT, SIGTERM).
///
/// A real `sigaction` handler writes the signal's number to a pipe, and a Dispatch read source
/// on a private queue hands it to whoever is waiting. Dispatch's own signal sources are not
/// used: they need the signal's action set to SIG_IGN first, and the kernel discards an ignored
/// signal outright unless it is blocked, so a SIGTERM arriving before libdispatch had blocked
/// it on every thread was lost and `endless serve` ran on (seen 1 run in 30 under load).
/// A handled signal is never discarded.
///
/// The handler is installed once per signal and stays: it only calls `write`, which is
/// async-signal-safe, on a descriptor held in an atomic. While no `run` is waiting, a signal
/// gets its default action (the process ends), as if nothing had been installed.
final class ServeSignals: Sendable {
    static let shared = ServeSignals()

    /// The write end of the pipe the handler writes to; -1 until the first ``observe(_:_:)``.
    private static let writeEnd = Atomic<Int32>(-1)

    private struct Waiter {
        var signals: Set<Int32>
        var handler: @Sendable (Int32) -> Void
    }

    private struct State {
        var handled: Set<Int32> = []
        var reader: (any DispatchSourceRead)?
        var nextToken: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "endless.serve.signals")

    /// Calls `handler` (on a private queue) for each of `signals` that arrives until the
    /// returned token is passed to ``stopObserving(_:)``.
    func observe(_ signals: Set<Int32>, _ handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { state in
            if state.reader == nil { state.reader = openPipe() }
            for number in signals where !state.handled.contains(number) && Self.writeEnd.load(ordering: .acquiring) >= 0 {
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { number in
                    let savedError = errno
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(ServeSignals.writeEnd.load(ordering: .relaxed), &byte, 1)
                    errno = savedError
                }
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_RESTART
                sigaction(number, &action, nil)
                state.handled.insert(number)
            }
            state.nextToken += 1
            state.waiters[state.nextToken] = Waiter(signals: signals, handler: handler)
            return state.nextToken
        }
    }

    func stopObserving(_ token: UInt64) {
        _ = state.withLock { $0.waiters.removeValue(forKey: token) }
    }

    /// The pipe from the handler to the queue: non-blocking both ends (a full pipe drops a
    /// repeat of a signal already queued, and the reader drains it in one go), closed on exec.
    private func openPipe() -> (any DispatchSourceRead)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        let readEnd = ends[0]
        let reader = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: queue)
        reader.setEventHandler { [self] in
            var bytes = [UInt8](repeating: 0, count: 64)
            while true {
                let count = bytes.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                for byte in bytes.prefix(count) { deliver(Int32(byte)) }
            }
        }
        reader.resume()
        Self.writeEnd.store(ends[1], ordering: .releasing)
        return reader
    }

    private func deliver(_ number: Int32) {
        let handlers = state.withLock { $0.waiters.values.filter { $0.signals.contains(number) }.map(\.handler) }
        guard !handlers.isEmpty else {
            // Nobody is serving: behave as an unhandled signal would.
            signal(number, SIG_DFL)
            raise(number)
            return
        }
        for handler in handlers { handler(number) }
    }
}
