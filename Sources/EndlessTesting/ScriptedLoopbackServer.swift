import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server on 127.0.0.1 that records each request's head and answers it
/// with what its script returns, then closes the connection: test an HTTP client or a page
/// source against real TCP without the internet. Each server has its own port, so two of them
/// are two origins.
public final class ScriptedLoopbackServer: Sendable {
    /// A request as it arrived: its request line and header fields, names lower-cased.
    public struct Request: Sendable {
        /// `GET /path HTTP/1.1`.
        public let line: String
        /// The header fields, names lower-cased.
        public let headers: [String: String]
        /// The head as sent, for servers that echo it.
        public let head: String
    }

    /// The port the kernel chose.
    public var port: UInt16 { listener.port }
    private let listener: LoopbackListener
    private let received = RequestLog()

    /// Listens on a free port of 127.0.0.1 and answers every request with `reply(request)`:
    /// the whole response, status line to body (see ``response(status:headers:body:)``).
    /// At most `maxConnections` connections, then it stops.
    /// - Throws: `POSIXError` when no socket can be made or bound.
    public init(maxConnections: Int = 64, reply: @escaping @Sendable (Request) -> String) throws {
        let received = received
        listener = try LoopbackListener(maxConnections: maxConnections) { client in
            defer { close(client) }
            guard let request = Self.readHead(client) else { return }
            received.entries.withLock { $0.append(request) }
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
        }
    }

    /// `http://127.0.0.1:<port>/<path>`.
    public func url(_ path: String = "") -> URL {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.port = Int(port)
        let whole = components.string.map { $0 + "/" + path }
        // A path that is not URL text is the test's own mistake; the root is still a URL.
        return whole.flatMap(URL.init(string:)) ?? URL(fileURLWithPath: "/")
    }

    /// The requests received so far.
    public var requests: [Request] { received.entries.withLock { $0 } }

    /// Stops accepting; the serving thread ends after the connection it is answering.
    public func stop() { listener.stop() }

    /// The requests so far, shared with the listener's thread.
    private final class RequestLog: Sendable {
        let entries = Mutex<[Request]>([])
    }

    /// A whole response with `status`, `headers` and `body`, closing the connection.
    public static func response(status: Int, headers: [String: String] = [:], body: String = "") -> String {
        var text = "HTTP/1.1 \(status) Status\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        return text
    }

    /// The request's head, up to the blank line, at most 1 MiB; nil if the client left first.
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
