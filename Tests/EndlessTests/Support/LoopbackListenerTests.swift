import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing

/// The scripted servers' accept loop: a stopped server never answers another's connections.
@Suite("Loopback listeners", .timeLimit(TimeBudget.minutes(1)))
struct LoopbackListenerTests {
    /// Connects to 127.0.0.1:`port`, sends a line, and waits for the server to close.
    static func knock(_ port: UInt16) -> Bool {
        exchange(port, "hi\n") != nil
    }

    /// Sends `text` to 127.0.0.1:`port` and returns all it answers, until it closes.
    static func exchange(_ port: UInt16, _ text: String) -> String? {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard client >= 0 else { return nil }
        defer { close(client) }
        // A connection nobody answers fails the test in seconds instead of holding it.
        var wait = timeval(tv_sec: 5 * TimeBudget.scale, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(client, &scratch, scratch.count, 0)
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return nil }  // timed out
            if count <= 0 { break }  // closed, or reset by a server that read nothing
            answer += scratch[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    @Test("stopped while answering a connection, a listener's loop takes none of the next listener's connections")
    func stoppedListenerKeepsToItself() async throws {
        let release = DispatchSemaphore(value: 0)
        let firstServed = Atomic<Int>(0)
        let first = try LoopbackListener { client in
            firstServed.add(1, ordering: .relaxed)
            _ = release.wait(timeout: .now() + 5)  // holds the loop inside a connection while the test stops it
            close(client)
        }
        let held = Task.detached { Self.knock(first.port) }
        let giveUp = ContinuousClock.now + TimeBudget.standardWait
        while firstServed.load(ordering: .relaxed) == 0, ContinuousClock.now < giveUp { await Task.yield() }
        try #require(firstServed.load(ordering: .relaxed) == 1, "the first listener never took its connection")
        first.stop()

        // The kernel gives out the lowest free descriptor: had the first listener's socket
        // been closed by stop(), the second would very likely have its number.
        let secondServed = Atomic<Int>(0)
        let second = try LoopbackListener { client in
            secondServed.add(1, ordering: .relaxed)
            close(client)
        }
        defer { second.stop() }
        release.signal()
        #expect(try await held.value(within: TimeBudget.standardWait))
        for _ in 0..<20 {
            #expect(Self.knock(second.port))
        }
        #expect(firstServed.load(ordering: .relaxed) == 1)
        #expect(secondServed.load(ordering: .relaxed) == 20)
    }

    @Test("a scripted server answers with its script and records each request's head")
    func scriptedServer() async throws {
        let server = try ScriptedLoopbackServer { request in
            ScriptedLoopbackServer.response(status: 404, body: "no \(request.line)")
        }
        defer { server.stop() }
        #expect(server.url("missing?x=1").absoluteString == "http://127.0.0.1:\(server.port)/missing?x=1")
        let answer = try #require(Self.exchange(server.port, "GET /missing?x=1 HTTP/1.1\r\nHost: here\r\nX-Key: v\r\n\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 404 Status\r\n"))
        #expect(answer.hasSuffix("\r\n\r\nno GET /missing?x=1 HTTP/1.1"))
        #expect(server.requests.map(\.line) == ["GET /missing?x=1 HTTP/1.1"])
        #expect(server.requests.first?.headers["x-key"] == "v")
    }
}
