import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Response headers libcurl will not read: one field over 100 KiB (libcurl 7 reports it as
/// "Out of memory") or 300 KiB of fields in all. The error says what happened, not "check
/// your connection".
@Suite("Oversized response headers", .timeLimit(TimeBudget.minutes(1)))
struct OversizedHeaderTests {
    static let shapes: [(name: String, fields: String)] = [
        ("one 1 MB field", "X-Big: " + String(repeating: "a", count: 1_000_000) + "\r\n"),
        ("one 120 KB field", "X-Line: " + String(repeating: "b", count: 120_000) + "\r\n"),
        ("4000 fields of 100 bytes", String(repeating: "X-Many: " + String(repeating: "c", count: 90) + "\r\n", count: 4000)),
    ]

    @Test("each shape is a typed error that says the headers were too large", arguments: TransportKind.allCases, 0..<3)
    func tooLarge(kind: TransportKind, shape: Int) async throws {
        let fields = Self.shapes[shape].fields
        let server = try ScriptedLoopbackServer { _ in
            "HTTP/1.1 200 OK\r\n" + fields + "Content-Length: 2\r\nConnection: close\r\n\r\nok"
        }
        defer { server.stop() }
        let client = kind.client()

        do {
            _ = try await client.data(from: server.url("big"))
            Issue.record("\(Self.shapes[shape].name): the response was accepted")
        } catch {
            guard case .responseHeadersTooLarge = error else {
                Issue.record("\(Self.shapes[shape].name): \(error)")
                return
            }
            #expect(error.description.contains("response headers were too large"))
            #expect(!error.description.contains("Out of memory"))
            #expect(!error.description.contains("connection"))
            #expect(!error.isTransient)
        }
    }

    @Test("headers just under the limits still arrive", arguments: TransportKind.allCases)
    func underTheLimits(kind: TransportKind) async throws {
        let server = try ScriptedLoopbackServer { _ in
            "HTTP/1.1 200 OK\r\nX-Long: " + String(repeating: "d", count: 90_000) + "\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok"
        }
        defer { server.stop() }

        let response = try await kind.client().data(from: server.url("fine"))

        #expect(response.headers["X-Long"]?.count == 90_000)
        #expect(response.body == Data("ok".utf8))
    }
}
