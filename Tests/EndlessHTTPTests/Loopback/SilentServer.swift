import EndlessTesting
import Foundation
import Glibc

/// A loopback server that reads each request and never answers: it tells when a request has
/// arrived and when the client has hung up, so a test knows a transfer is in flight, then that
/// it was torn down, without waiting on a timer.
final class SilentServer: Sendable {
    /// What happened to a connection, in order.
    enum Event: Sendable, Equatable {
        /// A whole request head arrived.
        case requested
        /// The client closed the connection.
        case hungUp
    }

    var port: UInt16 { listener.port }
    /// Every connection's events, in order.
    let events: AsyncStream<Event>
    private let listener: LoopbackListener

    init() throws {
        let (events, continuation) = AsyncStream<Event>.makeStream()
        self.events = events
        listener = try LoopbackListener { client in
            defer { close(client) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            var received: [UInt8] = []
            while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { return }
                received += buffer[0..<count]
            }
            continuation.yield(.requested)
            while recv(client, &buffer, buffer.count, 0) > 0 {}
            continuation.yield(.hungUp)
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Stops accepting; the accept loop ends after the connection it is serving.
    func stop() { listener.stop() }
}
