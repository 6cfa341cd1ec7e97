import Dispatch
import Glibc
import Testing

@testable import EndlessSimulator

@Suite("HTTP server file descriptors", .serialized)
struct FileDescriptorLeakTests {
    @Test("after abuse of every kind and stop(), none of the server's descriptors remain open")
    func noLeaks() throws {
        // No timeout may fire while the test runs, however slowly: the connection count
        // below must stay at the cap. The stuck client is closed by stop()'s grace period.
        let leftBig = DispatchSemaphore(value: 0)
        let (server, port) = try startHTTPServer(
            limits: ServerLimits(
                maxConnections: 8, idleTimeout: .seconds(60), readTimeout: .seconds(60),
                shutdownGracePeriod: .milliseconds(200)),
            log: { line in if line.hasPrefix("GET /big") { leftBig.signal() } })
        let sockets = ProcessDescriptors.socketInodes()
        let wakeInodes = Set(server.wakeDescriptors.compactMap { sockets[$0] })
        #expect(wakeInodes.count == 2)

        // Malformed, oversized, closing and disconnecting clients, then idle ones up to the
        // cap, one stuck mid-request, and over-cap ones that get 503s.
        for request in ["NONSENSE\r\n\r\n", "GET /" + String(repeating: "a", count: 9000), "GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"] {
            let client = try RawClient(port: port)
            try client.send(request)
            _ = client.readUntilClose()
        }
        do {
            let leaving = try RawClient(port: port)
            try leaving.send("GET /big?20000000 HTTP/1.1\r\nHost: h\r\n\r\n")
        }
        // Its exchange is logged when the server gives up on it: from then on it no longer
        // counts towards the cap (had it left during the over-cap phase, a client meant to
        // get a 503 would have been served instead, and waited forever).
        try #require(leftBig.wait(timeout: .now() + 60) == .success, "the server never gave up on the leaving client")
        var idle: [RawClient] = []
        for index in 0..<7 {
            let client = try RawClient(port: port)
            try client.send("GET /echo?\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            idle.append(client)
        }
        let partial = try RawClient(port: port)
        try partial.send("GET /echo HT")
        let overCap = try (0..<12).map { _ in try RawClient(port: port) }
        for client in overCap {
            #expect(try client.readResponse().status == 503)
            #expect(client.readUntilClose().ending == .closed)
        }

        let during = ProcessDescriptors.serverDescriptors(port: port, extraInodes: wakeInodes)
        #expect(during.count > 2)
        server.stop()
        let after = ProcessDescriptors.serverDescriptors(port: port, extraInodes: wakeInodes)
        #expect(after.isEmpty, "still open: \(after)")
        withExtendedLifetime((idle, overCap, partial)) {}
    }

    @Test("starting and stopping servers repeatedly leaves nothing behind")
    func startStopCycles() throws {
        for _ in 0..<20 {
            let (server, port) = try startHTTPServer()
            let sockets = ProcessDescriptors.socketInodes()
            let wakeInodes = Set(server.wakeDescriptors.compactMap { sockets[$0] })
            let client = try RawClient(port: port)
            try client.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
            _ = try client.readResponse()
            server.stop()
            #expect(ProcessDescriptors.serverDescriptors(port: port, extraInodes: wakeInodes).isEmpty)
        }
    }
}
