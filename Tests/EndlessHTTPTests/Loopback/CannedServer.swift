import EndlessTesting
import Foundation
import Glibc

/// A loopback server on 127.0.0.1 or ::1 that answers every connection with the same bytes,
/// whatever was sent, then closes it: a plain-HTTP server as a TLS client meets it, or a
/// server whose bytes no String could hold.
final class CannedServer: Sendable {
    var port: UInt16 { listener.port }
    private let listener: LoopbackListener

    /// Listens on `ipv6 ? ::1 : 127.0.0.1`, on a free port.
    convenience init(ipv6: Bool = false, reply: String) throws {
        try self.init(ipv6: ipv6, bytes: Array(reply.utf8))
    }

    /// Listens on `ipv6 ? ::1 : 127.0.0.1`, on a free port, and answers `bytes`.
    init(ipv6: Bool = false, bytes: [UInt8]) throws {
        listener = try LoopbackListener(ipv6: ipv6) { client in
            var scratch = [UInt8](repeating: 0, count: 4096)
            _ = recv(client, &scratch, scratch.count, 0)
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_WR))
            while recv(client, &scratch, scratch.count, 0) > 0 {}
            close(client)
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Stops accepting; the accept loop ends.
    func stop() { listener.stop() }
}
