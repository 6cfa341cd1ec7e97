import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Servers that echo the request back in an error page (debug pages, proxies, WAFs): what the
/// request carried never reaches the error's message, whatever the header or parameter.
@Suite("Errors never quote the request's credentials", .timeLimit(TimeBudget.minutes(1)))
struct EchoedSecretTests {
    /// Answers `status` with the request head as its body, as `format` lays it out.
    static func echoing(status: Int, format: @escaping @Sendable (String) -> String = { $0 }) throws -> ScriptedLoopbackServer {
        try ScriptedLoopbackServer { request in
            ScriptedLoopbackServer.response(status: status, headers: ["Content-Type": "text/plain"], body: format(request.head))
        }
    }

    static let cases: [(header: String, value: String, secret: String)] = [
        ("Authorization", "Client-ID SECRET123", "SECRET123"),
        ("Authorization", "Bearer tok_9f8e7d6c5b4a", "tok_9f8e7d6c5b4a"),
        ("x-api-key", "reqres-pro-7c1d2e", "reqres-pro-7c1d2e"),
        ("x-cg-demo-api-key", "CG-abcdefghijkl", "CG-abcdefghijkl"),
        ("X-Auth-Token", "aB3$dE6&gH9", "aB3$dE6&gH9"),
    ]

    @Test(
        "a 4xx page echoing the request headers: the error has none of them", arguments: TransportKind.allCases, [400, 401, 403, 502])
    func echoedHeaders(kind: TransportKind, status: Int) async throws {
        let server = try Self.echoing(status: status)
        defer { server.stop() }
        let client = kind.client()
        for (header, value, secret) in Self.cases {
            do {
                _ = try await client.data(from: server.url("users"), headers: [header: value])
                Issue.record("HTTP \(status) was accepted")
            } catch {
                #expect(error.description.contains("Server said:"), "\(error)")
                #expect(!error.description.contains(secret), "\(header) leaked: \(error)")
                #expect(error.bodySnippet?.contains(secret) == false)
            }
        }
        #expect(server.requests.count == Self.cases.count)
    }

    @Test("the same echo laid out as JSON, or URL-encoded, or cut at the excerpt's end, hides the key too", arguments: TransportKind.allCases)
    func otherShapes(kind: TransportKind) async throws {
        let secret = "SECRETKEYVALUE42"
        let shapes: [@Sendable (String) -> String] = [
            { _ in #"{"headers":{"x-api-key":"SECRETKEYVALUE42","accept":"*/*"}}"# },
            { _ in "you sent key%3DSECRETKEYVALUE42 and client_id=SECRETKEYVALUE42" },
            // Removed controls push the key to where the excerpt's bytes end, inside it.
            { _ in String(repeating: "\u{1}", count: 1105) + String(repeating: "x", count: 100) + "SECRETKEYVALUE42" },
            { _ in "token\u{1}: SECRET\u{1B}KEYVALUE42" },  // controls inside the key
        ]
        for shape in shapes {
            let server = try Self.echoing(status: 400, format: shape)
            defer { server.stop() }
            let client = kind.client()
            do {
                _ = try await client.data(from: server.url(), headers: ["x-api-key": secret])
                Issue.record("HTTP 400 was accepted")
            } catch {
                #expect(!error.description.contains("SECRET"), "\(error)")
                #expect(!error.description.contains("KEYVALUE"), "\(error)")
            }
        }
    }

    @Test("a key in the URL's query or user-info is hidden from the echo, the log and the error", arguments: TransportKind.allCases)
    func keyInTheURL(kind: TransportKind) async throws {
        let server = try Self.echoing(status: 401)
        defer { server.stop() }
        let lines = LineCollector()
        let client = kind.client(monitors: [LogMonitor(write: lines.append)])
        let url = try #require(URL(string: "http://reader:PASSWORD-9@127.0.0.1:\(server.port)/photos?client_id=QUERYSECRET77&page=2"))

        do {
            _ = try await client.data(from: url)
            Issue.record("HTTP 401 was accepted")
        } catch {
            #expect(!error.description.contains("QUERYSECRET77"), "\(error)")
            #expect(error.description.contains("page=2"))
        }
        let log = lines.all.joined(separator: "\n")
        #expect(!log.contains("QUERYSECRET77") && !log.contains("PASSWORD-9"), "\(log)")
    }

    @Test(
        "the run's own keys, given to the client's redactor, are hidden even where the request did not carry them",
        arguments: TransportKind.allCases)
    func runSecrets(kind: TransportKind) async throws {
        let server = try ScriptedLoopbackServer { _ in
            ScriptedLoopbackServer.response(status: 500, body: "config dump: UNSPLASH=run-secret-abcdef")
        }
        defer { server.stop() }
        let redactor = Redactor.default.adding(secrets: ["run-secret-abcdef"])
        let client = kind.client(configuration: .init(retryPolicy: .never, redactor: redactor))

        do {
            _ = try await client.data(from: server.url())
            Issue.record("HTTP 500 was accepted")
        } catch {
            #expect(error.description.contains("config dump: UNSPLASH=<redacted>"), "\(error)")
        }
    }
}
