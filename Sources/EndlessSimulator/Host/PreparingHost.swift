import Dispatch
import Foundation
import Glibc
import Synchronization

/// The simulator's handler while its services are being built on a thread of their own: the
/// server is already bound, so clients have its address at once, and a request that comes
/// before the services are ready waits for them on a worker thread (never on the I/O
/// thread), then is answered as usual. If building fails, every request gets a 503 saying why.
///
/// Building the services reads the generator's lists and draws the catalogues, tens of
/// milliseconds that an app opening on cached pages should not wait for.
final class PreparingHost: HTTPHandler {
    private enum State {
        case preparing
        case ready(SimulatorHost)
        case failed(String)
    }

    /// The preparing thread's nice value (Linux sets it per thread).
    static let niceness: Int32 = 10

    private let state = Mutex(State.preparing)
    /// Entered until the services are built (or failed): workers wait on it.
    private let preparation = DispatchGroup()

    /// Starts building the host on a new thread.
    /// - Parameter prepare: builds the host; called once, on that thread.
    init(_ prepare: @escaping @Sendable () throws -> SimulatorHost) {
        preparation.enter()
        let thread = Thread { [self] in
            // Below the threads that draw the first screen: on two cores, building the
            // services at the same priority doubled the time to the cached rows. On Linux a
            // nice value belongs to a thread, and `who` 0 is the calling thread (pthreads(7)).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            let outcome: State
            do {
                outcome = .ready(try prepare())
            } catch {
                outcome = .failed("\(error)")
            }
            state.withLock { $0 = outcome }
            preparation.leave()
        }
        thread.name = "simulator-prepare"
        thread.start()
    }

    /// Blocks until the services are built; for a worker thread.
    private func prepared() -> State {
        preparation.wait()
        return state.withLock { $0 }
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        switch state.withLock({ $0 }) {
        case .ready(let host): host.answer(request)
        case .failed(let reason): .ready(Self.unavailable(reason))
        case .preparing: .compute { [self] in respond(to: request) }
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        switch prepared() {
        case .ready(let host): host.respond(to: request)
        case .failed(let reason): Self.unavailable(reason)
        case .preparing: Self.unavailable("the simulator is still starting")
        }
    }

    static func unavailable(_ reason: String) -> HTTPResponse {
        HTTPResponse.text(503, "The simulator could not start: \(reason)\n")
    }
}
