import EndlessTesting
import Foundation
import Glibc

/// A blocking TCP client written on raw sockets, so tests can send exactly the bytes they
/// mean (malformed, partial, pipelined) and see exactly what the server answers.
///
/// Every read has a receive timeout, so a server bug makes a test fail, never hang.
final class RawClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One parsed response.
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// How a read-until-close ended.
    enum Ending: Equatable {
        case closed
        case reset
        case timedOut
    }

    let fd: Int32
    let host: String
    let port: UInt16
    private var buffer: [UInt8] = []

    /// Connects to `host:port`, from `source` when given (any 127.x.y.z works on Linux, which
    /// lets a test act as several clients by IP).
    init(port: UInt16, host: String = "127.0.0.1", source: String? = nil, receiveTimeout: Duration = .seconds(5)) throws {
        self.host = host
        self.port = port
        // Made whole or not at all: a client whose init threw after `fd` was set would still be
        // deinitialized, closing its descriptor a second time, by then perhaps another test's
        // socket (the "send: 9" failures of the sanitizer runs).
        fd = try Self.connectedSocket(host: host, port: port, source: source)
        setReceiveTimeout(receiveTimeout)
    }

    /// A socket connected to `host:port` (bound to `source` first, when given); closed again
    /// when anything fails.
    private static func connectedSocket(host: String, port: UInt16, source: String?) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                Glibc.close(fd)
                throw Failure(description: "bind \(source): \(code)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(fd)
            throw Failure(description: "connect: \(code)")
        }
        return fd
    }

    deinit { Glibc.close(fd) }

    /// How long a read waits for bytes before it gives up: `timeout` times ``TimeBudget/scale``,
    /// since every read here expects an answer (a sanitizer's build answers several times slower).
    func setReceiveTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = TimeBudget.scaled(timeout).components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Sends a GET (or HEAD) for `target` and reads the response.
    /// Without `headers`, it sends the `Host` a real client would: the address and port it
    /// connected to (the server builds picture URLs from it).
    func get(_ target: String, method: String = "GET", headers: String? = nil) throws -> Response {
        try send("\(method) \(target) HTTP/1.1\r\n\(headers ?? "Host: \(host):\(port)\r\n")\r\n")
        return try readResponse(head: method == "HEAD")
    }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(errno)") }
            sent += n
        }
    }

    /// Half-closes: the server sees end of input but can still answer.
    func shutdownWrite() { Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Reads one response; `head` says whether it answers a HEAD request (no body).
    func readResponse(head: Bool = false) throws -> Response {
        let headEnd = try readUntil { Self.find([13, 10, 13, 10], in: $0) }
        let headText = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(headText)")
        }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = Response(status: status, headers: headers, body: [])
        let length = head ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        _ = try readUntil { $0.count >= length ? length : nil }
        response.body = Array(buffer.prefix(length))
        buffer.removeFirst(length)
        return response
    }

    /// Reads until the server closes; returns everything read (after what was buffered).
    func readUntilClose() -> (bytes: [UInt8], ending: Ending) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]); continue }
            let ending: Ending = n == 0 ? .closed : (errno == ECONNRESET ? .reset : .timedOut)
            defer { buffer.removeAll() }
            return (buffer, ending)
        }
    }

    private func readUntil(_ done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let index = done(buffer) { return index }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]); continue }
            throw Failure(description: n == 0 ? "closed by server" : "recv: \(errno)")
        }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
