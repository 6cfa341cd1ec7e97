import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// CurlTransport's own side of the transport contract, over loopback sockets: what it does
/// itself that libcurl would otherwise decide (the body limit, cancellation, redirects) and
/// how it words libcurl's failures. The contract tests shared with URLSessionTransport are in
/// Loopback/ (`TransportKind`).
@Suite("CurlTransport", .timeLimit(TimeBudget.minutes(1)))
struct CurlTransportTests {
    @Test("a body without a length is cut off past the limit, and its handle is freed")
    func bodyPastTheLimit() async throws {
        let body = String(repeating: "x", count: 200_000)
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + body)
        defer { server.stop() }
        let transport = CurlTransport()

        let error = await httpError { try await transport.send(URLRequest(url: server.url("big")), maxBodyBytes: 10_000) }

        guard case .bodyTooLarge(10_000, nil) = error else {
            Issue.record("expected bodyTooLarge without a declared length, got \(String(describing: error))")
            return
        }
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("a body exactly at the limit arrives whole")
    func bodyAtTheLimit() async throws {
        let body = String(repeating: "y", count: 10_000)
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n" + body)
        defer { server.stop() }

        let response = try await CurlTransport().send(URLRequest(url: server.url()), maxBodyBytes: 10_000)

        #expect(response.body.count == 10_000)
    }

    @Test("a declared length over the limit is refused on the headers")
    func declaredLengthRefused() async throws {
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 5000000\r\nConnection: close\r\n\r\nabc")
        defer { server.stop() }
        let transport = CurlTransport()

        let error = await httpError { try await transport.send(URLRequest(url: server.url()), maxBodyBytes: 1000) }

        guard case .bodyTooLarge(1000, 5_000_000) = error else {
            Issue.record("expected bodyTooLarge(1000, 5000000), got \(String(describing: error))")
            return
        }
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("cancelling the caller answers it at once, and the connection is closed")
    func cancellationIsPrompt() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let transport = CurlTransport()
        let url = server.url("never")
        let task = Task { try await transport.send(URLRequest(url: url), maxBodyBytes: 1 << 20) }
        var events = server.events.makeAsyncIterator()
        #expect(await events.next() == .requested)
        #expect(transport.liveHandleCount == 1)

        let start = ContinuousClock.now
        task.cancel()
        let error = await httpError { try await task.value }
        let waited = ContinuousClock.now - start

        guard case .cancelled = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        // The server never answers: only the cancellation can end the request (the idle timeout
        // is 60 s), so any answer at all is prompt; a second is generous on a loaded machine.
        #expect(waited < .seconds(TimeBudget.scale * 1))
        // The transport's thread tore the transfer down: the server sees the hang-up.
        #expect(await events.next() == .hungUp)
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("a request cancelled before it starts never makes a handle")
    func cancelledBeforeStart() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        let transport = CurlTransport()
        let url = server.url()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(URLRequest(url: url), maxBodyBytes: 1024)
        }

        let error = await httpError { try await task.value }

        guard case .cancelled = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("a closed port on 127.0.0.1 is a transport error that says so")
    func closedPort() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/"))
        let transport = CurlTransport()

        let error = await httpError { try await transport.send(URLRequest(url: url), maxBodyBytes: 1024) }

        guard case .transport(let code, let message) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == .cannotConnectToHost)
        #expect(message.contains("127.0.0.1") && message.contains("port 1"), "\(message)")
        #expect(error?.description.hasPrefix("Could not connect to the server.") == true, "\(String(describing: error))")
        #expect(error?.isTransient == true)
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("a 303 after a POST fetches the new place with GET and no body")
    func seeOther() async throws {
        let server = try ScriptedLoopbackServer { request in
            request.line.hasPrefix("POST /form")
                ? ScriptedLoopbackServer.response(status: 303, headers: ["Location": "/result"])
                : ScriptedLoopbackServer.response(status: 200, body: request.line)
        }
        defer { server.stop() }
        var request = URLRequest(url: server.url("form"))
        request.httpMethod = "POST"
        // The scripted server reads up to a blank line: the body ends with one, so a body sent
        // with the head does not leave the server waiting for the head's end.
        request.httpBody = Data("a=1\r\n\r\n".utf8)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")

        let response = try await CurlTransport().send(request, maxBodyBytes: 1024)

        #expect(String(decoding: response.body, as: UTF8.self) == "GET /result HTTP/1.1")
        #expect(response.url == server.url("result"))
        #expect(server.requests.last?.headers["content-type"] == nil)
    }

    @Test("a server that redirects forever is stopped after 16 hops")
    func redirectLoop() async throws {
        let server = try ScriptedLoopbackServer(maxConnections: 40) { _ in
            ScriptedLoopbackServer.response(status: 302, headers: ["Location": "/again"])
        }
        defer { server.stop() }
        let hops = Mutex(0)
        let transport = CurlTransport()

        let error = await httpError {
            try await transport.send(
                URLRequest(url: server.url("start")), maxBodyBytes: 1024,
                redirects: RedirectHandling { _ in hops.withLock { $0 += 1 } })
        }

        guard case .transport(.httpTooManyRedirects, _) = error else {
            Issue.record("expected too many redirects, got \(String(describing: error))")
            return
        }
        #expect(hops.withLock { $0 } == CurlHop.maxRedirects)
        #expect(server.requests.count == CurlHop.maxRedirects + 1)
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("many requests at once each get their own answer, and every handle is freed")
    func manyConcurrentRequests() async throws {
        let count = 40
        let server = try ScriptedLoopbackServer(maxConnections: count) { request in
            ScriptedLoopbackServer.response(status: 200, body: request.line)
        }
        defer { server.stop() }
        let transport = CurlTransport()
        let base = server.url()

        let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<count {
                group.addTask {
                    let url = try #require(URL(string: "item/\(index)", relativeTo: base))
                    let response = try await transport.send(URLRequest(url: url), maxBodyBytes: 1024)
                    return (index, String(decoding: response.body, as: UTF8.self))
                }
            }
            var bodies: [Int: String] = [:]
            for try await (index, body) in group { bodies[index] = body }
            return bodies
        }

        #expect(bodies.count == count)
        for index in 0..<count {
            #expect(bodies[index] == "GET /item/\(index) HTTP/1.1")
        }
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("an idle server times the request out after its timeoutInterval")
    func idleTimeout() async throws {
        let server = try SilentServer()
        defer { server.stop() }
        var request = URLRequest(url: server.url())
        request.timeoutInterval = 1

        let error = await httpError { try await CurlTransport().send(request, maxBodyBytes: 1024) }

        guard case .transport(.timedOut, _) = error else {
            Issue.record("expected a timeout, got \(String(describing: error))")
            return
        }
    }

    // The transports differ on header bytes that are not UTF-8 or are controls: libcurl hands
    // them over, and CurlTransport reads them as Latin-1 (HTTP's obs-text), so a value is
    // never lost or fatal; FoundationNetworking's header parser refuses the whole response
    // ("Failed writing header"). Each is held to its own behaviour; neither may trap.
    static let oddHeaderBytes: [UInt8] = {
        var bytes = Array("HTTP/1.1 200 OK\r\nX-Name: caf".utf8) + [0xE9] + Array("\r\nX-Controls: a".utf8) + [0x01, 0x7F]
        // (libcurl itself refuses a line without a colon, as not HTTP.)
        bytes += Array("b\r\n: empty name\r\nX-Folded: one\r\n two\r\nContent-Length: 2\r\n\r\nok".utf8)
        return bytes
    }()

    @Test("libcurl: header bytes that are not UTF-8, or are controls, are read as Latin-1")
    func oddHeaderBytes() async throws {
        let server = try CannedServer(bytes: Self.oddHeaderBytes)
        defer { server.stop() }

        let response = try await CurlTransport().send(URLRequest(url: server.url()), maxBodyBytes: 1024)

        #expect(response.headers["X-Name"] == "café")
        #expect(response.headers["X-Controls"] == "a\u{1}\u{7F}b")
        #expect(response.headers["X-Folded"] == "one two")
        #expect(response.body == Data("ok".utf8))
    }

    @Test("URLSession: the same header bytes fail the response with a transport error")
    func oddHeaderBytesWithURLSession() async throws {
        let server = try CannedServer(bytes: Self.oddHeaderBytes)
        defer { server.stop() }

        let error = await httpError { try await URLSessionTransport().send(URLRequest(url: server.url()), maxBodyBytes: 1024) }

        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }
}
