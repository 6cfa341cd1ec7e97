import Foundation
import Glibc
import Synchronization

/// A loopback TCP server that answers one request with a body as large and as fast as the
/// client will take it, and counts the bytes the client's kernel accepted before it hung up.
/// It is what a hostile image host looks like to the image pipeline.
final class FloodServer: Sendable {
    /// How the flood announces itself.
    enum Framing: Sendable {
        /// `Content-Length` announces `length` bytes (and that many are sent at most).
        case contentLength(Int64)
        /// No length: the body ends when the connection closes, after 1 GB.
        case untilClose
    }

    let port: UInt16
    private let listener: Int32
    private let framing: Framing
    private let sent = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    init(framing: Framing) throws {
        self.framing = framing
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 4) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var local = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: local.sin_port)
        self.listener = listener
        let thread = Thread { [self] in serveOne() }
        thread.start()
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// Waits until the client has gone (or the whole body was sent) and returns how many
    /// body bytes the client side accepted; nil if that took over a minute.
    func bodyBytesSent() -> Int? {
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return sent.load(ordering: .relaxed)
    }

    private func serveOne() {
        defer {
            close(listener)
            done.signal()
        }
        let client = accept(listener, nil, nil)
        guard client >= 0 else { return }
        defer { close(client) }
        var request = [UInt8](repeating: 0, count: 8192)
        var received: [UInt8] = []
        while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(client, &request, request.count, 0)
            guard count > 0 else { return }
            received += request[0..<count]
        }
        var head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n"
        var remaining: Int64 = 1_000_000_000
        switch framing {
        case .contentLength(let length):
            head += "Content-Length: \(length)\r\n"
            remaining = length
        case .untilClose:
            head += "Connection: close\r\n"
        }
        head += "\r\n"
        guard write(client, Array(head.utf8)) else { return }
        let chunk = [UInt8](repeating: 0x5A, count: 64 * 1024)
        while remaining > 0 {
            let count = Int(min(Int64(chunk.count), remaining))
            let written = chunk.withUnsafeBytes { send(client, $0.baseAddress, count, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return }  // the client hung up (EPIPE, ECONNRESET)
            sent.add(written, ordering: .relaxed)
            remaining -= Int64(written)
        }
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }
}
