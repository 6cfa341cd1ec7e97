import Dispatch
import Foundation
import Synchronization

/// `endless serve`: run in the foreground until SIGINT or SIGTERM.
extension SimulatorServer {
    /// Starts the server, calls `onStart` with its base URL, then blocks until SIGINT or
    /// SIGTERM arrives and the server has shut down gracefully.
    ///
    /// The signals are observed with Dispatch signal sources (no async-signal-unsafe
    /// handler); their previous dispositions are restored before returning.
    ///
    /// - Parameter onStart: called once listening, e.g. to print the URL.
    /// - Returns: the signal that ended the run (`SIGINT` or `SIGTERM`).
    /// - Throws: ``SimulatorServerError`` when the server cannot start.
    @discardableResult
    public func run(onStart: (URL) -> Void = { _ in }) throws(SimulatorServerError) -> Int32 {
        let received = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "endless.serve.signals")
        let caught = SignalBox()
        var sources: [DispatchSourceSignal] = []
        var previous: [(Int32, sighandler_t?)] = []
        for signalNumber in [SIGINT, SIGTERM] {
            // The default action would kill the process before the source sees the signal.
            previous.append((signalNumber, signal(signalNumber, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                caught.set(signalNumber)
                received.signal()
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            for (signalNumber, handler) in previous { signal(signalNumber, handler) }
        }
        let url = try start()
        onStart(url)
        received.wait()
        stop()
        return caught.value
    }
}

/// The number of the signal that ended ``SimulatorServer/run(onStart:)``, handed from the
/// signal queue to the waiting thread.
private final class SignalBox: Sendable {
    private let storage = Mutex<Int32>(0)

    func set(_ value: Int32) { storage.withLock { $0 = value } }

    var value: Int32 { storage.withLock { $0 } }
}
