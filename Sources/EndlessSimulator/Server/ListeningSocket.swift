import Glibc

/// A bound, listening, non-blocking TCP socket.
struct ListeningSocket: Sendable {
    let fd: Int32
    /// The address the kernel actually bound (the real port when 0 was asked for).
    let address: SocketAddress

    /// Binds `host:port` and starts listening.
    ///
    /// `host` must be a numeric address or a name in /etc/hosts (it is resolved once, here,
    /// with getaddrinfo; the first address wins). Port 0 asks the kernel for an ephemeral port.
    static func bind(host: String, port: UInt16, backlog: Int32) throws(SimulatorServerError) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            throw .invalidHost(host, reason: reason)
        }
        defer { freeaddrinfo(list) }

        let info = first.pointee
        let fd = socket(info.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .socketFailed(SocketOptions.describe()) }
        var one: Int32 = 1
        // A restarted `endless serve` must be able to take its port back at once, even while
        // connections of the previous run sit in TIME_WAIT.
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard Glibc.bind(fd, info.ai_addr, info.ai_addrlen) == 0 else {
            let reason = SocketOptions.describe()
            _ = close(fd)
            throw .bindFailed(host: host, port: port, reason: reason)
        }
        guard listen(fd, backlog) == 0 else {
            let reason = SocketOptions.describe()
            _ = close(fd)
            throw .bindFailed(host: host, port: port, reason: reason)
        }
        SocketOptions.setNonBlocking(fd)
        guard let address = SocketOptions.localAddress(of: fd) else {
            let reason = SocketOptions.describe()
            _ = close(fd)
            throw .socketFailed(reason)
        }
        return ListeningSocket(fd: fd, address: address)
    }
}
