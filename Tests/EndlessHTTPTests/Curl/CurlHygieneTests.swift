import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What CurlTransport keeps libcurl from doing: leaking easy handles, speaking a protocol other
/// than http(s), touching the process's signals, opening more than 6 connections to a host,
/// proxying loopback traffic. Each libcurl option here has a test that fails without it.
@Suite("CurlTransport hygiene", .timeLimit(TimeBudget.minutes(1)))
struct CurlHygieneTests {
    @Test("every handle is given back: after an answer, a failure, a refusal, a redirect and a cancellation")
    func handleCensus() async throws {
        let server = try ScriptedLoopbackServer { request in
            request.line.hasPrefix("GET /moved")
                ? ScriptedLoopbackServer.response(status: 301, headers: ["Location": "/here"])
                : ScriptedLoopbackServer.response(status: 200, body: "fine")
        }
        defer { server.stop() }
        let silent = try SilentServer()
        defer { silent.stop() }
        let transport = CurlTransport()
        #expect(transport.liveHandleCount == 0)

        _ = try await transport.send(URLRequest(url: server.url("ok")), maxBodyBytes: 1024)
        _ = try await transport.send(URLRequest(url: server.url("moved")), maxBodyBytes: 1024)
        _ = await httpError { try await transport.send(URLRequest(url: server.url("small")), maxBodyBytes: 1) }
        _ = await httpError { try await transport.send(URLRequest(url: URL(string: "http://127.0.0.1:1/")!), maxBodyBytes: 1) }
        let url = silent.url()
        let waiting = Task { try await transport.send(URLRequest(url: url), maxBodyBytes: 1024) }
        var events = silent.events.makeAsyncIterator()
        _ = await events.next()
        #expect(transport.liveHandleCount == 1)
        waiting.cancel()
        _ = await httpError { try await waiting.value }
        await transport.settle()

        #expect(transport.liveHandleCount == 0)
    }

    @Test("one easy handle serves one request after another, and carries nothing of the last: headers, method, body")
    func handlesAreReusedClean() async throws {
        let server = try ScriptedLoopbackServer { request in
            ScriptedLoopbackServer.response(status: 200, headers: ["X-Echo": request.line], body: "fine")
        }
        defer { server.stop() }
        let transport = CurlTransport()
        var first = URLRequest(url: server.url("first"))
        first.httpMethod = "POST"
        // Ending in a blank line, as the scripted server reads up to one (see `seeOther`).
        first.httpBody = Data("secret=1\r\n\r\n".utf8)
        first.setValue("Bearer first-token", forHTTPHeaderField: "Authorization")
        first.setValue("yes", forHTTPHeaderField: "X-First")
        _ = try await transport.send(first, maxBodyBytes: 1024)
        for index in 0..<5 {
            let response = try await transport.send(URLRequest(url: server.url("next\(index)")), maxBodyBytes: 1024)
            #expect(response.statusCode == 200)
        }
        await transport.settle()

        // Six requests, one at a time: one handle made, and given back after each.
        #expect(transport.madeHandleCount == 1)
        #expect(transport.liveHandleCount == 0)
        let requests = server.requests
        try #require(requests.count == 6)
        #expect(requests[0].headers["authorization"] == "Bearer first-token")
        for later in requests.dropFirst() {
            #expect(later.line.hasPrefix("GET /next"))
            #expect(later.headers["authorization"] == nil)
            #expect(later.headers["x-first"] == nil)
            #expect(later.headers["content-length"] == nil)
        }
    }

    @Test("header names and values are cut at spaces and tabs only, whatever the bytes between them")
    func headerWhitespace() {
        #expect(" \t value with  inner space \t ".trimmingWhitespace() == "value with  inner space")
        #expect(" \t ".trimmingWhitespace() == "")
        #expect("é ".trimmingWhitespace() == "é")
        #expect(" 日本\t".trimmingWhitespace() == "日本")
        #expect("\u{00A0}x\u{00A0}".trimmingWhitespace() == "\u{00A0}x\u{00A0}")  // not HTTP whitespace
        #expect("plain".trimmingWhitespace() == "plain")
        // The bytes of a header line, as the transport trims them before they become text.
        #expect(Array(Array(" \tContent-Type \t".utf8).trimmingHTTPWhitespace()) == Array("Content-Type".utf8))
        #expect(Array(" \t ".utf8).trimmingHTTPWhitespace().isEmpty)
    }

    @Test("schemes other than http and https are refused by libcurl itself", arguments: ["file", "dict", "ftp", "gopher"])
    func otherSchemesRefused(scheme: String) async throws {
        // A file that exists: without the protocol list, libcurl would read it.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-curl-\(UUID().uuidString)")
        try Data("private".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        defer { server.stop() }
        let url = try #require(URL(string: scheme == "file" ? file.absoluteString : "\(scheme)://127.0.0.1:\(server.port)/x"))
        let transport = CurlTransport()

        let error = await httpError { try await transport.send(URLRequest(url: url), maxBodyBytes: 1024) }

        guard case .transport(.unsupportedURL, let message) = error else {
            Issue.record("\(scheme): expected unsupportedURL, got \(String(describing: error))")
            return
        }
        #expect(message.lowercased().contains(scheme), "\(message)")
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    static let signalRole = "curl-sigpipe"

    @Test("libcurl leaves SIGPIPE's handler alone (CURLOPT_NOSIGNAL), looked at in a process of its own")
    func noSignals() async throws {
        // SIGPIPE's handler belongs to the whole process, and other suites move data through
        // Foundation's URLSession beside this one (its libcurl may set SIGPIPE to ignored
        // around its transfers): the check runs in this test binary started again, alone.
        let outcome = try await ChildTestProcess.run(
            filter: "CurlHygieneTests/noSignalsChild", role: Self.signalRole, within: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.output)")
        let seen = try #require(outcome.figures["handlersSeen"], "the check did not run: \(outcome.output)")
        #expect(seen > 0)
    }

    @Test("child: SIGPIPE's handler through a transfer", .enabled(if: ChildTestProcess.role == signalRole))
    func noSignalsChild() async throws {
        try ChildTestProcess.report(["handlersSeen": try await Self.checkSIGPIPEHandlerDuringATransfer()])
    }

    /// The check itself: our handler on SIGPIPE stays in place through a whole transfer.
    /// - Returns: how many times the handler was looked at during the transfer.
    static func checkSIGPIPEHandlerDuringATransfer() async throws -> Int {
        let server = try CannedServer(reply: "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nbody")
        defer { server.stop() }
        // A handler of our own, so that libcurl's SIG_IGN (what it sets around each transfer
        // without CURLOPT_NOSIGNAL) cannot pass for it. It does nothing, as SIG_IGN would.
        var mine = sigaction()
        mine.__sigaction_handler.sa_handler = { _ in }
        var previous = sigaction()
        #expect(sigaction(SIGPIPE, &mine, &previous) == 0)
        defer { sigaction(SIGPIPE, &previous, nil) }
        let expected = Self.currentSIGPIPEHandler()
        let seen = Mutex<[Int]>([])

        // The progress observer runs inside libcurl's write callback, mid-transfer.
        _ = try await TransferProgress.$observer.withValue(
            TransferProgress.Observer { _, _ in seen.withLock { $0.append(Self.currentSIGPIPEHandler()) } }
        ) {
            try await CurlTransport().send(URLRequest(url: server.url()), maxBodyBytes: 1024)
        }

        let handlers = seen.withLock { $0 }
        #expect(!handlers.isEmpty)
        #expect(handlers.allSatisfy { $0 == expected }, "SIGPIPE's handler changed during the transfer")
        return handlers.count
    }

    @Test("at most 6 connections to one host at once; the other requests wait for one")
    func connectionsPerHost() async throws {
        let count = 12
        let server = try HoldingServer(maxConnections: count)
        defer { server.stop() }
        let transport = CurlTransport()
        let base = server.url()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                group.addTask {
                    let url = try #require(URL(string: "\(index)", relativeTo: base))
                    _ = try await transport.send(URLRequest(url: url), maxBodyBytes: 64)
                }
            }
            var accepted = server.accepted.makeAsyncIterator()
            // Six connections come at once; each answer frees one for the next request.
            for _ in 0..<CurlMulti.maxConnectionsPerHost { _ = await accepted.next() }
            for _ in CurlMulti.maxConnectionsPerHost..<count {
                server.releaseOldest()
                _ = await accepted.next()
            }
            while server.releaseOldest() {}
            try await group.waitForAll()
        }

        #expect(server.mostAtOnce == CurlMulti.maxConnectionsPerHost)
        await transport.settle()
        #expect(transport.liveHandleCount == 0)
    }

    @Test("proxies from the environment are skipped for loopback, after the user's own NO_PROXY hosts")
    func noProxyForLoopback() {
        #expect(CurlOptions.noProxyList(environment: [:]) == "localhost,127.0.0.0/8,::1")
        #expect(CurlOptions.noProxyList(environment: ["NO_PROXY": "corp.example, .internal"]) == "corp.example,.internal,localhost,127.0.0.0/8,::1")
        #expect(CurlOptions.noProxyList(environment: ["no_proxy": "localhost"]) == "localhost,127.0.0.0/8,::1")
    }

    @Test("request headers that would inject a line are left out")
    func headerInjection() throws {
        var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/")))
        request.setValue("fine", forHTTPHeaderField: "X-Good")
        request.setValue("a\r\nX-Evil: 1", forHTTPHeaderField: "X-Bad")
        request.setValue("", forHTTPHeaderField: "X-Empty")

        let lines = CurlOptions.headerLines(of: request)

        #expect(lines.contains("X-Good: fine"))
        #expect(lines.contains("X-Empty;"))
        #expect(!lines.contains { $0.contains("Evil") || $0.contains("X-Bad") })
    }

    /// SIGPIPE's handler now, as a number to compare.
    private static func currentSIGPIPEHandler() -> Int {
        var action = sigaction()
        sigaction(SIGPIPE, nil, &action)
        return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    }
}
