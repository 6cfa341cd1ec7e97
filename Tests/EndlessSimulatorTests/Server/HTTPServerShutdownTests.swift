import Dispatch
import Foundation
import Glibc
import Testing

@testable import EndlessSimulator

@Suite("HTTP server shutdown")
struct HTTPServerShutdownTests {
    @Test("stop() closes idle connections and refuses new ones, but finishes in-flight responses")
    func graceful() throws {
        let handler = GateHandler()
        let (server, port) = try startHTTPServer(handler: handler)
        let idle = try RawClient(port: port)
        try idle.send("GET /echo HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        let inFlight = try RawClient(port: port)
        try inFlight.send("GET /gate HTTP/1.1\r\nHost: h\r\n\r\n")
        handler.entered.wait()

        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.stop()
            stopped.signal()
        }
        // The idle connection is closed first: shutdown has begun.
        #expect(idle.readUntilClose().ending == .closed)
        #expect(throws: RawClient.Failure.self) { try RawClient(port: port) }
        #expect(stopped.wait(timeout: .now()) == .timedOut, "stop() waits for the in-flight response")

        handler.gate.signal()
        let response = try inFlight.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "through the gate")
        #expect(response.header("Connection") == "close")
        stopped.wait()
    }

    @Test("stop() before start() and twice is harmless; a stopped server cannot restart")
    func idempotent() throws {
        let server = HTTPServer(
            options: .init(host: "127.0.0.1", port: 0, limits: ServerLimits(), log: nil), handler: EchoHandler())
        server.stop()
        #expect(throws: SimulatorServerError.alreadyStarted) { _ = try server.start() }
        let (running, _) = try startHTTPServer()
        running.stop()
        running.stop()
    }

    @Test("a port in use is reported with the address")
    func portInUse() throws {
        let (first, port) = try startHTTPServer()
        defer { first.stop() }
        let second = HTTPServer(
            options: .init(host: "127.0.0.1", port: port, limits: ServerLimits(), log: nil), handler: EchoHandler())
        #expect {
            _ = try second.start()
        } throws: { error in
            guard case .bindFailed(let host, let failedPort, _) = error as? SimulatorServerError else { return false }
            return host == "127.0.0.1" && failedPort == port
        }
    }

    @Test("an invalid host is refused with a sentence that says so")
    func invalidHost() {
        let server = HTTPServer(
            options: .init(host: "not a host!", port: 0, limits: ServerLimits(), log: nil), handler: EchoHandler())
        #expect {
            _ = try server.start()
        } throws: { error in
            (error as? SimulatorServerError)?.description.contains("not a host!") == true
        }
    }
}
