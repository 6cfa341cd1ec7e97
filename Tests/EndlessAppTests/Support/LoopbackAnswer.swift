import EndlessTesting
import Foundation
import Glibc

/// An HTTP/1.1 server on 127.0.0.1 that answers every request with the same response, then
/// closes the connection: a captured body served over real HTTP on loopback.
final class LoopbackAnswer: Sendable {
    /// The root to give a client, `http://127.0.0.1:PORT/`.
    let url: URL
    private let listener: LoopbackListener

    /// Listens on a free port of 127.0.0.1.
    /// - Parameters:
    ///   - body: the body of every answer.
    ///   - status: its status line's code and reason.
    ///   - headers: more header lines, e.g. `X-Total: 3`.
    init(body: Data, status: String = "200 OK", headers: [String] = []) throws {
        let head =
            ([
                "HTTP/1.1 \(status)", "Content-Type: application/json; charset=utf-8", "Content-Length: \(body.count)",
                "Connection: close",
            ] + headers).joined(separator: "\r\n") + "\r\n\r\n"
        let response = Array(head.utf8) + Array(body)
        listener = try LoopbackListener { client in
            Self.readRequestHead(client)
            var sent = 0
            while sent < response.count {
                let count = response[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { break }
                sent += count
            }
            shutdown(client, Int32(SHUT_WR))
            close(client)
        }
        guard let url = URL(string: "http://127.0.0.1:\(listener.port)/") else { throw POSIXError(.EINVAL) }
        self.url = url
    }

    /// Reads until the blank line that ends a request's head (a GET has no body).
    private static func readRequestHead(_ client: Int32) {
        var received: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 4096)
        while received.count < 65_536 {
            let count = recv(client, &scratch, scratch.count, 0)
            guard count > 0 else { return }
            received += scratch[0..<count]
            if received.count >= 4, received.suffix(4).elementsEqual([13, 10, 13, 10]) { return }
        }
    }

    /// Stops accepting; the accept loop ends.
    func stop() { listener.stop() }
}
