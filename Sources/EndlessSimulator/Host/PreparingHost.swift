import Dispatch
import EndlessShared
import Foundation
import Synchronization

/// The simulator's handler while its services are being built on a thread of their own: the
/// server is already bound, so clients have its address at once, and a request that comes
/// before the services are ready waits for them on a worker thread (never on the I/O
/// thread), then is answered as usual. If building fails, every request gets a 503 saying why.
///
/// Building the services reads the generator's lists and draws the catalogues, tens of
/// milliseconds that an app opening on cached pages should not wait for, nor spend before its
/// first screen: they are built when the first request comes (or when told to start).
final class PreparingHost: HTTPHandler {
    private enum State {
        case preparing
        case ready(SimulatorHost)
        case failed(String)
    }

    private let state = Mutex(State.preparing)
    /// Entered until the services are built (or failed): workers wait on it.
    private let preparation = DispatchGroup()
    /// Builds the services; called once, by the thread ``startBuilding()`` starts.
    private let prepare: @Sendable () throws -> SimulatorHost
    private let started = Atomic<Bool>(false)

    /// Readies the host; its services are built when the first request comes.
    /// - Parameter prepare: builds the host; called once, on a thread of its own.
    init(_ prepare: @escaping @Sendable () throws -> SimulatorHost) {
        self.prepare = prepare
        preparation.enter()
    }

    /// Starts building the services, once. Built on demand, they never compete with what an
    /// app draws before it asks for anything (an app opening on cached rows asks first for
    /// their pictures), and, asked for, they are built at full priority: at a lower one, a
    /// busy machine's other processes starved them and a first page took 5 to 10 times as long.
    func startBuilding() {
        guard !started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            ThreadName.set("sim-prepare")
            let outcome: State
            do {
                outcome = .ready(try prepare())
            } catch {
                outcome = .failed("\(error)")
            }
            state.withLock { $0 = outcome }
            preparation.leave()
        }
        thread.name = "sim-prepare"
        thread.start()
    }

    /// Blocks until the services are built; for a worker thread.
    private func prepared() -> State {
        preparation.wait()
        return state.withLock { $0 }
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        startBuilding()
        return switch state.withLock({ $0 }) {
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
