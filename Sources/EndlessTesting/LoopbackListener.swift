import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP listener on a free port of 127.0.0.1 (or ::1) whose accept loop runs on a thread of
/// its own, for the small scripted servers tests put in front of an HTTP client.
///
/// Only the accept loop closes the listening socket, and only once it has left `accept`.
/// A server that closed its socket from ``stop()`` while its thread was still answering a
/// connection let that thread call `accept` on a descriptor number the kernel had since given
/// to another test's listener: it answered the other server's requests, which went missing
/// there (seen under full-suite load, a request count of 3 where 5 were sent).
public final class LoopbackListener: Sendable {
    /// The port the kernel chose.
    public let port: UInt16
    private let socket: Int32
    /// Whether the loop has closed the socket; ``stop()`` shuts it down only before that.
    private let closed = Mutex(false)

    /// Listens on `ipv6 ? ::1 : 127.0.0.1` and hands each accepted connection to `serve`, one
    /// at a time, until ``stop()`` or `maxConnections` connections. `serve` owns the
    /// descriptor it is given and closes it.
    /// - Throws: `POSIXError` when no socket can be made or bound.
    public init(ipv6: Bool = false, maxConnections: Int = .max, serve: @escaping @Sendable (Int32) -> Void) throws {
        let family = ipv6 ? AF_INET6 : AF_INET
        let socket = Glibc.socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
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
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(length)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        var local = sockaddr_storage()
        var localLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &localLength) }
        }
        // sin_port and sin6_port sit at the same offset.
        port = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        self.socket = socket
        let thread = Thread { [self] in acceptLoop(maxConnections: maxConnections, serve: serve) }
        thread.start()
    }

    /// Stops accepting: a loop waiting in `accept` returns at once, one answering a connection
    /// ends after it. Calling it again, or after the loop ended, does nothing.
    public func stop() {
        closed.withLock { closed in
            // Under the lock, so the loop cannot close (and the kernel reuse) the number first.
            if !closed { shutdown(socket, Int32(SHUT_RDWR)) }
        }
    }

    private func acceptLoop(maxConnections: Int, serve: @Sendable (Int32) -> Void) {
        defer {
            closed.withLock { closed in
                closed = true
                close(socket)
            }
        }
        var accepted = 0
        while accepted < maxConnections {
            // After shutdown, accept fails (EINVAL) instead of waiting.
            let client = accept(socket, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            accepted += 1
            serve(client)
        }
    }
}
