import EndlessTesting
import Foundation
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Redirects over real sockets, over both transports: FoundationNetworking calls the delegate
/// for each hop and proposes the previous request with every header, whatever the new origin;
/// CurlTransport follows each hop itself. Both apply ``RedirectPolicy``. Two loopback servers on
/// two ports are two origins, as curl and browsers count them.
@Suite("Redirects keep credentials at their origin", .timeLimit(TimeBudget.minutes(1)))
struct RedirectCredentialTests {
    static let secretHeaders: HTTPHeaders = [
        "Authorization": "Client-ID SECRET-CLIENT-ID", "x-api-key": "SECRET-API-KEY",
        "x-cg-demo-api-key": "CG-SECRET-DEMO", "Cookie": "session=SECRET-COOKIE", "Accept-Version": "v1",
    ]

    /// Where every redirect lands: answers 200 and records what it was sent.
    static func landing() throws -> ScriptedLoopbackServer {
        try ScriptedLoopbackServer { _ in ScriptedLoopbackServer.response(status: 200, body: "{}") }
    }

    /// Answers every request with `status` to `location`.
    static func redirecting(_ status: Int, to location: String) throws -> ScriptedLoopbackServer {
        try ScriptedLoopbackServer { _ in ScriptedLoopbackServer.response(status: status, headers: ["Location": location]) }
    }

    @Test(
        "a redirect to another port arrives without the credentials, and -v shows the hop",
        arguments: TransportKind.allCases, [301, 302, 303, 307, 308])
    func otherOrigin(kind: TransportKind, status: Int) async throws {
        let landing = try Self.landing()
        defer { landing.stop() }
        let origin = try Self.redirecting(status, to: "http://127.0.0.1:\(landing.port)/landed?client_id=SECRET-IN-LOCATION&page=2")
        defer { origin.stop() }
        let lines = LineCollector()
        let monitor = RecordingMonitor()
        let client = HTTPClient(transport: kind.make(), monitors: [monitor, LogMonitor(write: lines.append)])

        let response = try await client.data(from: origin.url("start"), headers: Self.secretHeaders)

        #expect(response.statusCode == 200)
        // The first origin got everything; the second, none of the credentials.
        let first = try #require(origin.requests.first)
        #expect(first.headers["authorization"] == "Client-ID SECRET-CLIENT-ID")
        let landed = try #require(landing.requests.first)
        #expect(landed.line.hasPrefix("GET /landed?"))
        for name in ["authorization", "x-api-key", "x-cg-demo-api-key", "cookie"] {
            #expect(landed.headers[name] == nil, "\(name) followed the redirect to another origin")
        }
        // (The Location's own query is the server's to give; no header carries a secret.)
        #expect(!landed.head.components(separatedBy: "\r\n").dropFirst().joined().contains("SECRET-"), "\(landed.head)")
        // What is not a credential still goes.
        #expect(landed.headers["accept-version"] == "v1")

        // The hop is an event, and the log prints it, redacted.
        let hops = monitor.events.compactMap { event -> RedirectHop? in
            if case .redirected(let hop) = event.kind { return hop }
            return nil
        }
        let hop = try #require(hops.first)
        #expect(hops.count == 1)
        #expect(hop.status == status && hop.leavesOrigin)
        #expect(Set(hop.droppedHeaders.map { $0.lowercased() }) == ["authorization", "x-api-key", "x-cg-demo-api-key", "cookie"])
        let log = lines.all.joined(separator: "\n")
        #expect(log.contains("=> \(status) to http://127.0.0.1:\(landing.port)/landed?client_id=<redacted>&page=2"), "\(log)")
        #expect(log.contains("not sent"))
        #expect(!log.contains("SECRET"), "\(log)")
    }

    @Test("a redirect within the origin keeps the credentials", arguments: TransportKind.allCases)
    func sameOrigin(kind: TransportKind) async throws {
        // One server: the first request is redirected to another path on the same port.
        let server = try ScriptedLoopbackServer { request in
            request.line.hasPrefix("GET /start")
                ? ScriptedLoopbackServer.response(status: 307, headers: ["Location": "/next"])
                : ScriptedLoopbackServer.response(status: 200, body: "{}")
        }
        defer { server.stop() }
        let monitor = RecordingMonitor()
        let client = HTTPClient(transport: kind.make(), monitors: [monitor])

        _ = try await client.data(from: server.url("start"), headers: Self.secretHeaders)

        let requests = server.requests
        #expect(requests.count == 2)
        #expect(requests.last?.headers["authorization"] == "Client-ID SECRET-CLIENT-ID")
        #expect(requests.last?.headers["x-api-key"] == "SECRET-API-KEY")
        #expect(monitor.labels == ["started", "redirected 307", "finished 200"])
    }

    @Test("credentials left behind stay behind when a later hop comes back to the first origin", arguments: TransportKind.allCases)
    func noReturn(kind: TransportKind) async throws {
        // A redirects to B, which redirects back to A: the second request to A has no key.
        let home = try Self.landing()
        defer { home.stop() }
        let away = try Self.redirecting(307, to: "http://127.0.0.1:\(home.port)/back")
        defer { away.stop() }
        let start = try ScriptedLoopbackServer { _ in
            ScriptedLoopbackServer.response(status: 302, headers: ["Location": "http://127.0.0.1:\(away.port)/away"])
        }
        defer { start.stop() }
        let client = HTTPClient(transport: kind.make())

        _ = try await client.data(from: start.url("start"), headers: Self.secretHeaders)

        let back = try #require(home.requests.first)
        #expect(back.line.hasPrefix("GET /back"))
        #expect(back.headers["authorization"] == nil)
        #expect(away.requests.first?.headers["x-api-key"] == nil)
    }

    @Test("https to http is refused with a typed error naming both addresses, redacted")
    func downgradeRefused() throws {
        let transfer = Transfer(limit: 1024)
        var proposed = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/landed?api_key=SECRET-Q")))
        proposed.setValue("Bearer SECRET-BEARER-TOKEN", forHTTPHeaderField: "Authorization")
        let previous = try #require(URL(string: "https://api.example.test/start"))

        let next = transfer.redirect(status: 301, from: previous, to: proposed)

        #expect(next == nil)
        let error = try #require(Self.failure(of: transfer))
        guard case .redirectRefused(let from, let to, .leavesHTTPS) = error else {
            Issue.record("not a refused redirect: \(error)")
            return
        }
        #expect(from == "https://api.example.test/start")
        #expect(to == "http://127.0.0.1:9/landed?api_key=<redacted>")
        #expect(error.description.contains("not encrypted"))
        #expect(!error.description.contains("SECRET"))
        #expect(!error.isTransient)
    }

    @Test("a redirect to a scheme other than http(s) is refused")
    func otherScheme() throws {
        let transfer = Transfer(limit: 1024)
        let proposed = URLRequest(url: try #require(URL(string: "file:///etc/passwd")))

        #expect(transfer.redirect(status: 302, from: URL(string: "http://127.0.0.1:9/"), to: proposed) == nil)
        guard case .redirectRefused(_, _, .unsupportedScheme("file")) = try #require(Self.failure(of: transfer)) else {
            Issue.record("not refused for its scheme")
            return
        }
    }

    @Test("origins differ by scheme, host or port, and the default port is the same as none")
    func origins() throws {
        func origin(_ text: String) throws -> RedirectPolicy.Origin { RedirectPolicy.Origin(try #require(URL(string: text))) }
        #expect(try origin("http://Example.test/a") == origin("http://example.test:80/b"))
        #expect(try origin("https://example.test/") == origin("https://example.test:443/"))
        #expect(try origin("http://example.test/") != origin("https://example.test/"))
        #expect(try origin("http://127.0.0.1:8080/") != origin("http://127.0.0.1:8081/"))
        #expect(try origin("http://a.example.test/") != origin("http://b.example.test/"))
    }

    /// The failure the transfer ended with, if it has ended with one (a refusal ends it at once).
    static func failure(of transfer: Transfer) -> HTTPError? {
        if case .failure(let error) = transfer.outcome { return error }
        return nil
    }
}
