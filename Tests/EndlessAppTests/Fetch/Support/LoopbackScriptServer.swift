import Foundation
import Glibc
import Synchronization

/// A loopback HTTP/1.1 server on 127.0.0.1 that records each request's head and answers it
/// with what `reply` returns for it, then closes the connection. Each server has its own
/// port, so two of them are two origins.
final class LoopbackScriptServer: Sendable {
    /// A request as it arrived: its request line and header fields, names lower-cased.
    struct Request: Sendable {
        let line: String
        let headers: [String: String]
        /// The head as sent, for servers that echo it.
        let head: String
    }

    let port: UInt16
    private let listener: Int32
    private let received = Mutex<[Request]>([])
    private let reply: @Sendable (Request) -> String
    private let stopped = Atomic<Bool>(false)

    /// Listens on a free port of 127.0.0.1 and answers every request with `reply(request)`:
    /// the whole response, status line to body. At most 64 connections, then it stops.
    init(reply: @escaping @Sendable (Request) -> String) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else {
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
        self.reply = reply
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Answers up to 64 connections, one at a time, until stopped. The thread holds the
    /// server until then: call ``stop()``.
    private func serve() {
        for _ in 0..<64 {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }  // closed by `stop()`
            guard let request = Self.readHead(client) else {
                close(client)
                continue
            }
            received.withLock { $0.append(request) }
            let bytes = Array(reply(request).utf8)
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { break }
                sent += count
            }
            shutdown(client, Int32(SHUT_WR))
            var scratch = [UInt8](repeating: 0, count: 4096)
            while recv(client, &scratch, scratch.count, 0) > 0 {}
            close(client)
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(path)")!
    }

    /// The requests received so far.
    var requests: [Request] { received.withLock { $0 } }

    /// Stops accepting; the serving thread ends.
    func stop() {
        // Once only: a descriptor closed twice could be another test's by then.
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A whole response with `status`, `headers` and `body`, closing the connection.
    static func response(status: Int, headers: [String: String] = [:], body: String = "") -> String {
        var text = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        return text
    }

    private static func readHead(_ client: Int32) -> Request? {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var received: [UInt8] = []
        while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0, received.count < 1 << 20 else { return nil }
            received += buffer[0..<count]
        }
        let head = String(decoding: received, as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(line: lines.first ?? "", headers: headers, head: head)
    }
}
