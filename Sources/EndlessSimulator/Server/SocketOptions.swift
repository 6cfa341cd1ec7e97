import Glibc

/// The handful of socket calls the server makes, wrapped so that every failure path is
/// explicit and `errno` is turned into words once.
enum SocketOptions {
    /// Makes `fd` non-blocking and close-on-exec. Glibc's module does not export accept4, so
    /// accepted sockets get both flags here, right after accept.
    static func configureAccepted(_ fd: Int32) {
        setNonBlocking(fd)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        // Responses are written in one piece; Nagle would only hold back the last segment.
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// Closes `fd` so that the peer sees a TCP reset instead of an orderly FIN: SO_LINGER with
    /// a zero timeout discards unsent data and aborts the connection.
    static func closeWithReset(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        _ = close(fd)
    }

    /// The local address a socket is bound to.
    static func localAddress(of fd: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return result == 0 ? SocketAddress(storage) : nil
    }

    /// `strerror` for the current `errno` (or a given code), for error messages.
    static func describe(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
