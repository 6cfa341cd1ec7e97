import Dispatch
import EndlessHTTP
import EndlessShared
import Foundation
import Synchronization

/// The generic HTTP/1.1 server: a listening socket, one I/O thread running an ``EventLoop``,
/// and a ``WorkerPool`` for each ``WorkLane`` of the handler's work. It knows nothing of
/// users, portraits or faults.
final class HTTPServer: Sendable {
    struct Options: Sendable {
        var host: String
        var port: UInt16
        var limits: ServerLimits
        var log: (@Sendable (String) -> Void)?
        /// Hides secret query values (keys, tokens, client ids) in the log's lines.
        var logRedactor = Redactor.default
        var serverName = "endless-simulator"
        /// The event loop's thread; its workers are named after their lane (`sim-api-0`,
        /// `sim-asset-0`): all start with `sim-`, within the kernel's 15 bytes.
        var threadName = "sim-http"
    }

    private enum State {
        case idle
        case running(mailbox: LoopMailbox, finished: DispatchSemaphore, address: SocketAddress)
        case stopped
    }

    private let options: Options
    private let handler: any HTTPHandler
    private let state = Mutex(State.idle)
    /// What the I/O thread reports about its connections and memory.
    let statistics = ServerStatistics()

    init(options: Options, handler: any HTTPHandler) {
        self.options = options
        self.handler = handler
    }

    /// The bound address while running.
    var address: SocketAddress? {
        state.withLock { state in
            if case .running(_, _, let address) = state { return address }
            return nil
        }
    }

    /// The descriptors the server holds besides its TCP sockets (the wake-up socket pair),
    /// so the leak test can check they are closed after `stop()`.
    var wakeDescriptors: [Int32] {
        state.withLock { state in
            if case .running(let mailbox, _, _) = state { return [mailbox.wakeReadFD, mailbox.wakeWriteFD] }
            return []
        }
    }

    /// Binds, starts the I/O and worker threads, and returns the bound address (with the
    /// real port when port 0 was asked for).
    func start() throws(SimulatorServerError) -> SocketAddress {
        try state.withLock { (state: inout State) throws(SimulatorServerError) -> SocketAddress in
            guard case .idle = state else { throw .alreadyStarted }
            MemoryRelease.pinThreshold
            let socket = try ListeningSocket.bind(host: options.host, port: options.port, backlog: 512)
            let mailbox: LoopMailbox
            do throws(SimulatorServerError) {
                mailbox = try LoopMailbox()
            } catch {
                _ = Glibc.close(socket.fd)
                throw error
            }
            let finished = DispatchSemaphore(value: 0)
            let settings = EventLoop.Settings(
                limits: options.limits, handler: handler, log: options.log, logRedactor: options.logRedactor,
                serverName: options.serverName,
                statistics: statistics)
            let limits = options.limits
            let name = options.threadName
            let thread = Thread {
                // Named in the kernel too, so a profile, `top -H` or the bench tells the
                // simulator's threads from the app's (Foundation's name does not reach it).
                ThreadName.set(name)
                // The loop and its connections are created here and never leave this thread.
                let lanes = WorkLane.allCases.map { lane in
                    let threads = limits.workerThreads(for: lane)
                    let workers = WorkerPool(threads: threads, name: lane == .api ? "sim-api" : "sim-asset")
                    return LaneQueue(lane: lane, workers: workers, capacity: threads)
                }
                let loop = EventLoop(listenFD: socket.fd, mailbox: mailbox, lanes: lanes, settings: settings)
                loop.run()
                for lane in lanes { lane.workers.stop() }
                finished.signal()
            }
            thread.name = name
            thread.start()
            state = .running(mailbox: mailbox, finished: finished, address: socket.address)
            return socket.address
        }
    }

    /// Stops accepting, lets in-flight responses finish (up to the grace period), closes idle
    /// connections, and returns when every thread and socket of the server is gone.
    /// Safe to call more than once and before `start()`. Must not be called from the handler.
    func stop() {
        let running = state.withLock { state -> (LoopMailbox, DispatchSemaphore)? in
            defer { state = .stopped }
            if case .running(let mailbox, let finished, _) = state { return (mailbox, finished) }
            return nil
        }
        guard let (mailbox, finished) = running else { return }
        mailbox.requestStop()
        finished.wait()
        mailbox.close()
    }
}
