import Glibc

/// A numeric IPv4 or IPv6 address and port, as the kernel reported it.
struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host, e.g. `127.0.0.1` or `::1` (no brackets).
    var host: String
    var port: UInt16
    var isIPv6: Bool

    /// `host:port`, with IPv6 hosts in brackets as URLs and Host headers spell them.
    var authority: String {
        isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    var description: String { authority }

    /// Reads an address the kernel filled in (accept, getsockname).
    init?(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let parsed = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer -> (String, UInt16)? in
                    var address = pointer.pointee.sin_addr
                    let text = withUnsafeBytes(of: &address) {
                        Self.numericHost(family: AF_INET, $0.baseAddress, length: INET_ADDRSTRLEN)
                    }
                    guard let text
                    else { return nil }
                    return (text, UInt16(bigEndian: pointer.pointee.sin_port))
                }
            }
            guard let parsed else { return nil }
            self.init(host: parsed.0, port: parsed.1, isIPv6: false)
        case AF_INET6:
            let parsed = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer -> (String, UInt16)? in
                    var address = pointer.pointee.sin6_addr
                    let text = withUnsafeBytes(of: &address) {
                        Self.numericHost(family: AF_INET6, $0.baseAddress, length: INET6_ADDRSTRLEN)
                    }
                    guard let text
                    else { return nil }
                    return (text, UInt16(bigEndian: pointer.pointee.sin6_port))
                }
            }
            guard let parsed else { return nil }
            self.init(host: parsed.0, port: parsed.1, isIPv6: true)
        default:
            return nil
        }
    }

    init(host: String, port: UInt16, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    private static func numericHost(family: Int32, _ address: UnsafeRawPointer?, length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
