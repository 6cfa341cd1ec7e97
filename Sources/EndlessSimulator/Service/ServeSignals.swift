import Dispatch
import Glibc
import Synchronization

/// Process-wide observation of SIGINT and SIGTERM for ``SimulatorServer/run(onStart:)``.
///
/// The Dispatch signal sources are made once and never cancelled: on Linux, libdispatch does
/// not deliver a signal to a new source after an earlier source for it was cancelled (a second
/// `run` in one process would never see its signal). While no `run` is waiting, a signal gets
/// its default action (the process ends), as if nothing had been installed.
final class ServeSignals: Sendable {
    static let shared = ServeSignals()
    static let observed = [SIGINT, SIGTERM]

    private struct State {
        var installed = false
        var sources: [any DispatchSourceSignal] = []
        var nextToken: UInt64 = 0
        var waiters: [UInt64: @Sendable (Int32) -> Void] = [:]
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "endless.serve.signals")

    /// Calls `handler` (on a private queue) for each SIGINT or SIGTERM until the returned
    /// token is passed to ``stopObserving(_:)``.
    func observe(_ handler: @escaping @Sendable (Int32) -> Void) -> UInt64 {
        state.withLock { state in
            if !state.installed {
                state.installed = true
                for number in Self.observed {
                    // The default action would end the process before the source saw the signal.
                    signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                    source.setEventHandler { [self] in deliver(number) }
                    source.resume()
                    state.sources.append(source)
                }
            }
            state.nextToken += 1
            state.waiters[state.nextToken] = handler
            return state.nextToken
        }
    }

    func stopObserving(_ token: UInt64) {
        _ = state.withLock { $0.waiters.removeValue(forKey: token) }
    }

    private func deliver(_ number: Int32) {
        let handlers = state.withLock { Array($0.waiters.values) }
        guard !handlers.isEmpty else {
            // Nobody is serving: behave as an unhandled signal would.
            signal(number, SIG_DFL)
            raise(number)
            return
        }
        for handler in handlers { handler(number) }
    }
}
