/// Validates a `Host` header before it is echoed into picture URLs: only `host[:port]` with a
/// DNS name, an IPv4 address or a bracketed IPv6 address passes, so a hostile header cannot
/// inject text into response bodies.
enum HostHeader {
    /// The header's authority when valid, else nil.
    static func validAuthority(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 255 else { return nil }
        var host = Substring(value)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let inner = host[host.index(after: host.startIndex)..<close]
            guard !inner.isEmpty, inner.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
            let rest = host[host.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
            host = host[...close]
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard !host.isEmpty, allowed, !host.hasPrefix("-"), !host.hasPrefix(".") else { return nil }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(port), number <= 65535
            else { return nil }
        }
        return value
    }
}
