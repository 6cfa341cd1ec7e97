import Testing

@testable import EndlessSimulator

@Suite("Faults over HTTP")
struct FaultHTTPTests {
    @Test("fail-rate answers the configured statuses with an error page, the same ones for the same seed")
    func fail() throws {
        func statuses(seed: UInt64) throws -> [Int] {
            let (server, port) = try startService(faults: .init(chaosSeed: seed, failRate: 0.5, failStatuses: [502, 503]))
            defer { server.stop() }
            let client = try RawClient(port: port)
            return try (0..<24).map { try client.get("/api/?page=\($0 % 4)").status }
        }
        let first = try statuses(seed: 99)
        #expect(Set(first) == [200, 502, 503])
        #expect(try statuses(seed: 99) == first)
        #expect(try statuses(seed: 100) != first)
    }

    @Test("failures also hit portraits")
    func failPortraits() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, failRate: 1, failStatuses: [504]))
        defer { server.stop() }
        let response = try RawClient(port: port).get("/api/portraits/men/1.jpg")
        #expect(response.status == 504)
        #expect(response.text.contains("504 Gateway Timeout"))
    }

    @Test("throttle-rate answers 429 with Retry-After, on the API only")
    func throttle() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, throttleRate: 1, throttleRetryAfter: .seconds(7)))
        defer { server.stop() }
        let client = try RawClient(port: port)
        let response = try client.get("/api/?results=2")
        #expect(response.status == 429)
        #expect(response.header("Retry-After") == "7")
        #expect(response.text.contains("ease up there cowboy"))
        #expect(try client.get("/api/portraits/men/1.jpg").status == 200)
    }

    @Test("empty-results-rate sends 200 with results [] while info.results stays as requested")
    func emptyResults() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, emptyResultsRate: 1))
        defer { server.stop() }
        let response = try RawClient(port: port).get("/api/?results=5")
        #expect(response.status == 200)
        #expect(response.text == #"{"results":[],"info":{"seed":"fake","results":5,"page":1,"version":"1.4"}}"#)
    }

    @Test("html-rate sends a 200 HTML block page")
    func html() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, htmlRate: 1))
        defer { server.stop() }
        let response = try RawClient(port: port).get("/api/?results=5")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=UTF-8")
        #expect(response.text.contains("you have been blocked"))
    }

    @Test("truncate-rate announces the whole length, sends part, then closes")
    func truncate() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, truncateRate: 1))
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /api/portraits/men/3.jpg HTTP/1.1\r\nHost: h\r\n\r\n")
        let received = client.readUntilClose()
        #expect(received.ending == .closed)
        let text = String(decoding: received.bytes, as: UTF8.self)
        let headEnd = try #require(RawClient.find([13, 10, 13, 10], in: received.bytes))
        let announced = try #require(
            text.split(separator: "\r\n").first { $0.hasPrefix("Content-Length: ") }
                .flatMap { Int($0.dropFirst(16)) })
        let bodyBytes = received.bytes.count - headEnd - 4
        #expect(bodyBytes > 0)
        #expect(bodyBytes < announced)
        #expect(text.contains("Connection: close"))
    }

    @Test("reset-rate aborts the connection with a reset and no response")
    func reset() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, resetRate: 1))
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("GET /api/?results=1 HTTP/1.1\r\nHost: h\r\n\r\n")
        let received = client.readUntilClose()
        #expect(received.bytes.isEmpty)
        #expect(received.ending == .reset)
        // The server carries on (unknown paths get no faults).
        #expect(try RawClient(port: port).get("/nowhere").status == 404)
    }

    @Test("latency delays the response by about the configured time")
    func latency() throws {
        let (server, port) = try startService(faults: .init(chaosSeed: 1, latency: .init(base: .milliseconds(120))))
        defer { server.stop() }
        let client = try RawClient(port: port)
        let start = ContinuousClock.now
        #expect(try client.get("/api/").status == 200)
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(120))
        #expect(elapsed < .seconds(3))
    }

    @Test("slow-body dribbles the body in pieces but delivers all of it")
    func slowBody() throws {
        let (server, port) = try startService(
            faults: .init(chaosSeed: 1, slowBody: .init(chunkBytes: 1000, interval: .milliseconds(40))))
        defer { server.stop() }
        let client = try RawClient(port: port)
        let start = ContinuousClock.now
        let response = try client.get("/api/portraits/men/8.jpg")
        let elapsed = ContinuousClock.now - start
        let pieces = (response.body.count + 999) / 1000
        #expect(pieces >= 2)
        #expect(JPEGDecoder.decode(response.body)?.width == 128)
        #expect(elapsed >= .milliseconds(40 * (pieces - 1)))
    }
}
