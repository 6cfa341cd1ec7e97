import Foundation
import Glibc
import Testing

@testable import EndlessSimulator

/// What clients in the wild do at the edges of HTTP/1.1: pipeline and half-close, expect a
/// `100 Continue`, speak TLS to a plain-HTTP port, connect over IPv6.
@Suite("HTTP server protocol edges")
struct HTTPServerProtocolTests {
    @Test("100 pipelined GETs then a half-close get 100 answers in order, the last one closing")
    func pipelinedThenHalfClosed() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let requests = (0..<100).map { "GET /echo?\($0) HTTP/1.1\r\nHost: h\r\n\r\n" }.joined()
        try client.send(requests)
        client.shutdownWrite()
        var answered = 0
        for index in 0..<100 {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /echo?\(index) "), "response \(index): \(response.text)")
            #expect(response.header("Connection") == (index == 99 ? "close" : nil), "response \(index)")
            answered += 1
        }
        #expect(answered == 100)
        let rest = client.readUntilClose()
        #expect(rest.bytes.isEmpty)
        #expect(rest.ending == .closed)
    }

    @Test("a half-close after an incomplete request answers the complete ones, then closes")
    func halfClosedMidRequest() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo?1 HTTP/1.1\r\nHost: h\r\n\r\nGET /echo?2 HTTP/1.1\r\nHost: h\r\n\r\nGET /echo?3 HTT")
        client.shutdownWrite()
        #expect(try client.readResponse().text.hasPrefix("GET /echo?1 "))
        #expect(try client.readResponse().text.hasPrefix("GET /echo?2 "))
        let rest = client.readUntilClose()
        #expect(rest.bytes.isEmpty)
        #expect(rest.ending == .closed)
    }

    @Test("Expect: 100-continue on a GET with a body gets 100 Continue, then the answer")
    func continueThenAnswer() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        let interim = try client.readResponse(head: true)
        #expect(interim.status == 100)
        try client.send("hello")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("GET /echo "))
        // The connection goes on, and a later request gets no stray 100.
        #expect(try client.get("/echo?next").text.hasPrefix("GET /echo?next "))
    }

    @Test("Expect: 100-continue on a method that is refused anyway gets 405 at once and a close")
    func refusedWithoutBody() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("POST /api/ HTTP/1.1\r\nHost: h\r\nContent-Length: 60000\r\nExpect: 100-continue\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 405)
        #expect(response.header("Connection") == "close")
        #expect(client.readUntilClose().ending == .closed)
    }

    @Test("an expectation other than 100-continue gets 417")
    func unknownExpectation() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\nExpect: 200-ok\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 417)
        #expect(response.header("Connection") == "close")
    }

    @Test("HTTP/1.0 expectations are ignored: no 100 is sent")
    func http10IgnoresExpect() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.0\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\nhi")
        #expect(try client.readResponse().status == 200)
    }

    @Test("a TLS ClientHello is answered at once, saying the server speaks plain HTTP")
    func tlsClientHello() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        // The start of a real ClientHello: a handshake record (0x16), TLS 1.0 record version,
        // a length, then the hello, whose random bytes may hold a line feed but never the
        // empty line a parser waiting for the end of the head would wait for.
        let hello: [UInt8] =
            [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03]
            + [UInt8](repeating: 0x5A, count: 16) + [0x0A] + [UInt8](repeating: 0x5A, count: 15)
        let client = try RawClient(port: port, receiveTimeout: .seconds(3))
        try client.send(hello)
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(response.text.contains("plain HTTP"))
        #expect(response.text.contains("http://"))
        #expect(client.readUntilClose().ending != .timedOut)
    }

    @Test("a listener on ::1 serves IPv6 clients, and reports them as IPv6")
    func ipv6Loopback() throws {
        let server = HTTPServer(
            options: .init(host: "::1", port: 0, limits: ServerLimits()), handler: PeerHandler())
        let address = try server.start()
        defer { server.stop() }
        #expect(address.isIPv6)
        #expect(address.authority == "[::1]:\(address.port)")
        let fd = try IPv6Socket.connect(port: address.port)
        defer { close(fd) }
        let answer = try IPv6Socket.exchange(fd, "GET /peer HTTP/1.1\r\nHost: [::1]:\(address.port)\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 "))
        #expect(answer.hasSuffix("peer=::1 ipv6=true host=[::1]:\(address.port)"))
    }
}

/// Answers with what the server knows of the client.
private struct PeerHandler: HTTPHandler {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        .text(200, "peer=\(request.peer.host) ipv6=\(request.peer.isIPv6) host=\(request.headers["Host"] ?? "-")")
    }
}

/// Just enough of an IPv6 client for one exchange with `Connection: close`.
private enum IPv6Socket {
    static func connect(port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClient.Failure(description: "socket: \(errno)") }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        inet_pton(AF_INET6, "::1", &address.sin6_addr)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(fd)
            throw RawClient.Failure(description: "connect [::1]:\(port): \(code)")
        }
        return fd
    }

    /// Sends `request` and reads until the server closes.
    static func exchange(_ fd: Int32, _ request: String) throws -> String {
        let bytes = Array((request.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n")).utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw RawClient.Failure(description: "send: \(errno)")
        }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 { received += chunk[0..<count]; continue }
            if count == 0 { break }
            throw RawClient.Failure(description: "recv: \(errno)")
        }
        return String(decoding: received, as: UTF8.self)
    }
}
