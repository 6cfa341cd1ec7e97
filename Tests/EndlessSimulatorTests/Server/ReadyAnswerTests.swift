import Dispatch
import Foundation
import Testing

@testable import EndlessSimulator

/// `/ready…` is answered on the I/O thread; `/gate` blocks its worker until the test opens it.
private struct ReadyHandler: HTTPHandler {
    let gate = GateHandler()

    func respond(to request: HTTPRequest) -> HTTPResponse {
        gate.respond(to: request)
    }

    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        if request.path.hasPrefix("/ready") { return .ready(.text(200, "ready \(request.pathAndQuery)")) }
        return .compute { respond(to: request) }
    }
}

@Suite("Answers a handler has ready")
struct ReadyAnswerTests {
    @Test("a ready answer goes out while every worker is busy")
    func whileWorkersAreBusy() throws {
        let handler = ReadyHandler()
        let (server, port) = try startHTTPServer(handler: handler, limits: ServerLimits(workerThreads: 1))
        defer { server.stop() }
        let blocked = try RawClient(port: port)
        try blocked.send("GET /gate HTTP/1.1\r\nHost: h\r\n\r\n")
        #expect(handler.gate.entered.wait(timeout: .now() + 10) == .success)
        let client = try RawClient(port: port)
        try client.send("GET /ready?x=1 HTTP/1.1\r\nHost: h\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200 && response.text == "ready /ready?x=1")
        handler.gate.gate.signal()
        #expect(try blocked.readResponse().text == "through the gate")
    }

    @Test("pipelined ready answers go out in order, and a computed one among them waits its turn")
    func pipelinedInOrder() throws {
        let (server, port) = try startHTTPServer(handler: ReadyHandler())
        defer { server.stop() }
        let client = try RawClient(port: port)
        var requests = ""
        for index in 0..<200 {
            requests += index == 100 ? "GET /echo?n=100 HTTP/1.1\r\nHost: h\r\n\r\n" : "GET /ready?n=\(index) HTTP/1.1\r\nHost: h\r\n\r\n"
        }
        try client.send(requests)
        for index in 0..<200 {
            let text = try client.readResponse().text
            #expect(text == (index == 100 ? "GET /echo?n=100 HTTP/1.1 host=h" : "ready /ready?n=\(index)"))
        }
    }

    @Test("HEAD and keep-alive rules apply to ready answers as to computed ones")
    func headAndClose() throws {
        let (server, port) = try startHTTPServer(handler: ReadyHandler())
        defer { server.stop() }
        let client = try RawClient(port: port)
        try client.send("HEAD /ready HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200 && head.header("Content-Length") == String("ready /ready".utf8.count))
        try client.send("GET /ready HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(client.readUntilClose().ending == .closed)
    }
}
