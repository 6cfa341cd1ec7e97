import Dispatch
import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing

@testable import EndlessSimulator

@Suite("HTTP server over TCP")
struct HTTPServerTests {
    @Test("GET answers with Content-Length, Date and keep-alive; the connection is reused")
    func getKeepAlive() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        for index in 0..<3 {
            try client.send("GET /echo?n=\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "GET /echo?n=\(index) HTTP/1.1 host=localhost")
            #expect(response.header("Content-Length") == String(response.body.count))
            #expect(response.header("Connection") == nil)
            #expect(response.header("Date")?.hasSuffix(" GMT") == true)
        }
    }

    @Test("HEAD has the GET's Content-Length and no body")
    func head() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("HEAD /big?1234 HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "1234")
        // Had a body been sent, this next response would be read from the middle of it.
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().text.hasPrefix("GET /echo"))
    }

    @Test("Connection: close from the client is honoured and announced")
    func clientClose() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.header("Connection") == "close")
        #expect(client.readUntilClose().ending == .closed)
    }

    @Test("HTTP/1.0 closes by default and keeps the connection when asked")
    func http10() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let plain = try RawClient(port: port)
        try plain.send("GET /echo HTTP/1.0\r\n\r\n")
        #expect(try plain.readResponse().header("Connection") == "close")
        #expect(plain.readUntilClose().ending == .closed)

        let kept = try RawClient(port: port)
        for _ in 0..<2 {
            try kept.send("GET /echo HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try kept.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Connection") == "keep-alive")
        }
    }

    @Test("pipelined requests are answered in order; a close in the pipeline ends it")
    func pipelining() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send(
            "GET /echo?1 HTTP/1.1\r\nHost: h\r\n\r\nHEAD /big?10 HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /echo?3 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\nGET /echo?4 HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().text.hasPrefix("GET /echo?1 "))
        #expect(try client.readResponse(head: true).header("Content-Length") == "10")
        #expect(try client.readResponse().text.hasPrefix("GET /echo?3 "))
        let rest = client.readUntilClose()
        #expect(rest.bytes.isEmpty)
        #expect(rest.ending == .closed)
    }

    @Test("a request whose sender half-closes is still answered")
    func halfClose() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        client.shutdownWrite()
        #expect(try client.readResponse().status == 200)
        // Whether the end of input arrived with the request or after it, the server closes.
        #expect(client.readUntilClose().ending == .closed)
    }

    @Test("other methods get 405 with Allow; their body is skipped and the connection kept")
    func methodNotAllowed() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("POST /api/ HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello")
        let response = try client.readResponse()
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        try client.send("DELETE /x HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().status == 405)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test(
        "refused requests get their status and a close",
        arguments: [
            ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: h\r\n\r\n", 414),
            ("GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + String(repeating: "b", count: 40_000) + "\r\n\r\n", 431),
            ("GET / HTTP/1.1\r\nHost: h\r\n" + (0..<150).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
            ("NONSENSE\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nBad Header\r\n\r\n", 400),
            ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
            ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n", 400),  // a TLS hello
        ])
    func refused(_ request: String, _ status: Int) throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send(request)
        let response = try client.readResponse()
        #expect(response.status == status)
        #expect(response.header("Connection") == "close")
        #expect(client.readUntilClose().ending == .closed)
        // The server keeps serving.
        let next = try RawClient(port: port)
        try next.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try next.readResponse().status == 200)
    }

    @Test("a client sending a byte at a time is cut off by the total read timeout")
    func slowClient() throws {
        let limits = ServerLimits(readTimeout: .milliseconds(200))
        let (server, port) = try startHTTPServer(limits: limits)
        defer { server.stop() }
        let client = try RawClient(port: port)
        let request = Array("GET /echo HTTP/1.1\r\nHost: h\r\nX-Padding: \(String(repeating: "p", count: 100))\r\n\r\n".utf8)
        let start = ContinuousClock.now
        var cutOff = false
        // A byte every 50 ms: each is well within 200 ms, but the whole request is not.
        for byte in request {
            guard (try? client.send([byte])) != nil else { cutOff = true; break }
            var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 50) > 0 { cutOff = true; break }
        }
        let elapsed = ContinuousClock.now - start
        #expect(cutOff)
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(client.readUntilClose().ending != .timedOut)
        #expect(elapsed >= .milliseconds(200))
        #expect(elapsed < .seconds(3))
    }

    @Test("an idle keep-alive connection is closed after the idle timeout")
    func idleTimeout() throws {
        let (server, port) = try startHTTPServer(limits: ServerLimits(idleTimeout: .milliseconds(100)))
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        let result = client.readUntilClose()
        #expect(result.ending == .closed)
        #expect(result.bytes.isEmpty)
    }

    @Test("a client that disconnects mid-response leaves the server serving")
    func disconnectMidResponse() throws {
        let lines = Mutex<[String]>([])
        let (server, port) = try startHTTPServer(log: { line in lines.withLock { $0.append(line) } })
        defer { server.stop() }
        do {
            let client = try RawClient(port: port)
            try client.send("GET /big?33554432 HTTP/1.1\r\nHost: h\r\n\r\n")
            var chunk = [UInt8](repeating: 0, count: 4096)
            #expect(recv(client.fd, &chunk, chunk.count, 0) > 0)
            // Closing with unread data makes the kernel send a reset.
        }
        let next = try RawClient(port: port)
        try next.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try next.readResponse().status == 200)
        server.stop()
        let big = lines.withLock { $0 }.first { $0.hasPrefix("GET /big") }
        #expect(big?.hasSuffix("client gone") == true, "\(String(describing: big))")
    }

    @Test("200 concurrent connections are all answered")
    func manyConnections() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let clients = try (0..<200).map { _ in try RawClient(port: port) }
        for (index, client) in clients.enumerated() {
            try client.send("GET /echo?\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
        }
        for (index, client) in clients.enumerated() {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("GET /echo?\(index) "))
        }
    }

    @Test("connections beyond the cap get 503 and a close, never a hang")
    func connectionCap() throws {
        let (server, port) = try startHTTPServer(limits: ServerLimits(maxConnections: 4))
        defer { server.stop() }
        let held = try (0..<4).map { _ in try RawClient(port: port) }
        for client in held {
            try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        for _ in 0..<6 {
            let extra = try RawClient(port: port)
            try extra.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
            let response = try extra.readResponse()
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(extra.readUntilClose().ending == .closed)
        }
        // The held connections still work.
        try held[0].send("GET /echo HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(try held[0].readResponse().status == 200)
        #expect(held[0].readUntilClose().ending == .closed)
    }
}

@Suite("HTTP server under garbage")
struct HTTPServerGarbageTests {
    @Test("random bytes on many connections never crash the server, and it keeps serving")
    func garbage() throws {
        let limits = ServerLimits(
            maxRequestLineBytes: 256, maxHeaderBytes: 512, idleTimeout: .milliseconds(300), readTimeout: .milliseconds(200))
        let (server, port) = try startHTTPServer(limits: limits)
        defer { server.stop() }
        // A new seed each run keeps the inputs varied; a failure names it, so it can be replayed.
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SeededRandomNumberGenerator(seed: seed)
        let pieces = [
            "GET ", "HEAD ", "/", "?", " HTTP/1.1", " HTTP/1.0", "\r\n", "\n", "Host: h", ":", " ", "\0", "\u{7F}", "é",
            "Content-Length: 5", "Connection: close", "Transfer-Encoding: chunked", "\r\n\r\n",
        ]
        let clients = try (0..<40).map { _ -> RawClient in
            let client = try RawClient(port: port, receiveTimeout: .seconds(3))
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                if Bool.random(using: &random) {
                    bytes += Array(pieces.randomElement(using: &random)!.utf8)
                } else {
                    bytes += (0..<Int.random(in: 1...20, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                }
            }
            try? client.send(bytes)
            return client
        }
        for (index, client) in clients.enumerated() {
            // Each ends with answers and a close (or the read timeout's 408), never a hang.
            #expect(client.readUntilClose().ending != .timedOut, "seed \(seed), client \(index)")
        }
        let check = try RawClient(port: port)
        #expect(try check.get("/echo").status == 200)
    }
}

@Suite("HTTP server under load")
struct HTTPServerLoadTests {
    @Test("16 keep-alive clients × 150 requests each, all answered in order")
    func sustainedLoad() throws {
        let (server, port) = try startHTTPServer()
        defer { server.stop() }
        let failures = LogCollector()
        DispatchQueue.concurrentPerform(iterations: 16) { client in
            do {
                let connection = try RawClient(port: port)
                for index in 0..<150 {
                    let response = try connection.get("/echo?\(client)-\(index)")
                    if !response.text.hasPrefix("GET /echo?\(client)-\(index) ") {
                        failures.append("client \(client) request \(index): \(response.status) \(response.text)")
                    }
                }
            } catch {
                failures.append("client \(client): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
    }
}
