import Foundation

/// Reads this process's open descriptors from /proc, to prove the server closes its own.
///
/// Other tests in the same process open and close descriptors at the same time, so a plain
/// before/after count would be flaky. Instead the server's sockets are identified precisely:
/// TCP sockets whose local port is the server's (from /proc/net/tcp{,6}) and the wake-up pair,
/// by socket inode; after `stop()` no descriptor of this process may point at any of them.
enum ProcessDescriptors {
    /// socket inode for every descriptor of this process that is a socket.
    static func socketInodes() -> [Int32: UInt64] {
        var result: [Int32: UInt64] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for name in names {
            guard let fd = Int32(name),
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                target.hasPrefix("socket:["), let inode = UInt64(target.dropFirst(8).dropLast())
            else { continue }
            result[fd] = inode
        }
        return result
    }

    /// Inodes of the TCP sockets (any state) whose local port is `port`.
    static func tcpInodes(localPort port: UInt16) -> Set<UInt64> {
        var inodes = Set<UInt64>()
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = wholeFile(file) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let columns = line.split(separator: " ")
                guard columns.count > 9, let colon = columns[1].lastIndex(of: ":"),
                    UInt16(columns[1][columns[1].index(after: colon)...], radix: 16) == port,
                    let inode = UInt64(columns[9]), inode != 0
                else { continue }
                inodes.insert(inode)
            }
        }
        return inodes
    }

    /// The whole of a /proc file. `String(contentsOfFile:)` reads one page of it (4,050 bytes
    /// of /proc/net/tcp, its size being 0), and on a machine with a thousand sockets the
    /// server's were past that page: the test saw none of them.
    static func wholeFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? String(decoding: bytes, as: UTF8.self) : nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// The descriptors of this process that point at the server's sockets.
    static func serverDescriptors(port: UInt16, extraInodes: Set<UInt64> = []) -> [Int32] {
        let owned = tcpInodes(localPort: port).union(extraInodes)
        return socketInodes().filter { owned.contains($0.value) }.map(\.key).sorted()
    }
}
