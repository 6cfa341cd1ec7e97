import Dispatch
import Glibc
import Synchronization

/// Process-wide signal observation for ``SimulatorServer/run(onStart:)`` (SIGINT, SIGTERM).
///
/// The Dispatch signal sources are made once and never cancelled: on Linux, libdispatch does
/// not deliver a signal to a new source after an earlier source for it was cancelled (a second
/// `run` in one process would never see its signal). While no `run` is waiting, a signal gets
/// its default action (the process ends), as if nothing had been installed.
final class ServeSignals: Sendable {
    static let shared = ServeSignals()

    private struct Waiter {
        var signals: Set<Int32>
        var handler: @Sendable (Int32) -> Void
    }

    private struct State {
        var sources: [Int32: any DispatchSourceSignal] = [:]
        var nextToken: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "endless.serve.signals")

    /// Calls `handler` (on a private queue) for each of `signals` that arrives until the
    /// returned token is passed to ``stopObserving(_:)``.
    func observe(_ signals: Set<Int32>, _ handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { state in
            for number in signals where state.sources[number] == nil {
                // The default action would end the process before the source saw the signal.
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { [self] in deliver(number) }
                source.resume()
                state.sources[number] = source
            }
            state.nextToken += 1
            state.waiters[state.nextToken] = Waiter(signals: signals, handler: handler)
            return state.nextToken
        }
    }

    func stopObserving(_ token: UInt64) {
        _ = state.withLock { $0.waiters.removeValue(forKey: token) }
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
