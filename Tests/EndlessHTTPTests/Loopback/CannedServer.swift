import Foundation
import Glibc

/// A loopback server on 127.0.0.1 or ::1 that answers every connection with the same bytes,
/// whatever was sent, then closes it: a plain-HTTP server as a TLS client meets it.
final class CannedServer: Sendable {
    let port: UInt16
    private let listener: Int32

    /// Listens on `ipv6 ? ::1 : 127.0.0.1`, on a free port.
    init(ipv6: Bool = false, reply: String) throws {
        let family = ipv6 ? AF_INET6 : AF_INET
        let listener = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var storage = sockaddr_storage()
        let length: Int
        if ipv6 {
            length = MemoryLayout<sockaddr_in6>.size
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    address.pointee.sin6_family = sa_family_t(AF_INET6)
                    address.pointee.sin6_addr = in6addr_loopback
                }
            }
        } else {
            length = MemoryLayout<sockaddr_in>.size
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    address.pointee.sin_family = sa_family_t(AF_INET)
                    address.pointee.sin_addr.s_addr = inet_addr("127.0.0.1")
                }
            }
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(length)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var local = sockaddr_storage()
        var localLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &localLength) }
        }
        port = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.listener = listener
        let bytes = Array(reply.utf8)
        let thread = Thread {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }  // closed by `stop()`
                var scratch = [UInt8](repeating: 0, count: 4096)
                _ = recv(client, &scratch, scratch.count, 0)
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                shutdown(client, Int32(SHUT_WR))
                while recv(client, &scratch, scratch.count, 0) > 0 {}
                close(client)
            }
        }
        thread.start()
    }

    /// Stops accepting; the accept loop ends.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
