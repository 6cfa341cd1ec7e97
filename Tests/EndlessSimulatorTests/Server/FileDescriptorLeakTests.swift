import Glibc
import Testing
@testable import EndlessSimulator

@Suite("HTTP server file descriptors", .serialized)
struct FileDescriptorLeakTests {
    @Test("after abuse of every kind and stop(), none of the server's descriptors remain open")
    func noLeaks() throws {
        let (server, port) = try startHTTPServer(
            limits: ServerLimits(maxConnections: 8, idleTimeout: .seconds(30), readTimeout: .milliseconds(300)))
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
        var idle: [RawClient] = []
        for index in 0..<7 {
            let client = try RawClient(port: port)
            try client.send("GET /echo?\(index) HTTP/1.1\r\nHost: h\r\n\r\n")
            // 503 if the server has not yet seen an earlier client leave: fine here.
            #expect([200, 503].contains(try client.readResponse().status))
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
