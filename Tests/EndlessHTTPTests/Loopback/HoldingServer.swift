import EndlessTesting
import Foundation
import Glibc
import Synchronization

/// A loopback server that reads each request and holds its connection open, unanswered, until
/// the test releases it: it counts how many connections a client keeps open at once.
final class HoldingServer: Sendable {
    private struct State {
        var held: [Int32] = []
        var mostAtOnce = 0
    }

    var port: UInt16 { listener.port }
    /// One element per connection accepted (its request read).
    let accepted: AsyncStream<Void>
    /// The held connections, shared with the listener's thread.
    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    private let shared = Shared()
    private let listener: LoopbackListener

    init(maxConnections: Int) throws {
        let (accepted, continuation) = AsyncStream<Void>.makeStream()
        self.accepted = accepted
        let shared = shared
        listener = try LoopbackListener(maxConnections: maxConnections) { client in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var received: [UInt8] = []
            while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else {
                    close(client)
                    return
                }
                received += buffer[0..<count]
            }
            shared.state.withLock { state in
                state.held.append(client)
                state.mostAtOnce = max(state.mostAtOnce, state.held.count)
            }
            continuation.yield()
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Answers the connection held longest and closes it; false when none is held.
    @discardableResult
    func releaseOldest() -> Bool {
        let client = shared.state.withLock { $0.held.isEmpty ? nil : $0.held.removeFirst() }
        guard let client else { return false }
        let reply = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8)
        _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(client)
        return true
    }

    /// The most connections held open at once so far.
    var mostAtOnce: Int { shared.state.withLock { $0.mostAtOnce } }

    /// Stops accepting and closes every connection still held.
    func stop() {
        listener.stop()
        while releaseOldest() {}
    }
}
