import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// Endpoints that read the whole 2xx response themselves (`Endpoint(path:read:)`).
@Suite("Endpoints with their own reader", .timeLimit(TimeBudget.minutes(1)))
struct ReaderEndpointTests {
    struct Greeting: Decodable, Sendable, Equatable { var text: String }
    struct ServiceSaidNo: Error {}

    /// Reads `{"text": …}`, and refuses the `{"error": …}` bodies some services send with 200.
    static let greeting = Endpoint<Greeting>(path: "greet") { response throws(ResponseRejection) in
        let body = String(decoding: response.body, as: UTF8.self)
        if body.contains("\"error\"") {
            throw ResponseRejection("the service said no", retryable: true, underlying: ServiceSaidNo())
        }
        return Greeting(text: "\(response.statusCode) \(response.contentType ?? "none") \(body)")
    }

    @Test("the reader sees status, headers and the whole body, whatever the content type")
    func readsWholeResponse() async throws {
        let server = MockServer(.respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>hi</p>".utf8)))
        let client = Fixtures.client(server)

        let greeting = try await client.send(Self.greeting)

        #expect(greeting.text == "200 text/html <p>hi</p>")
    }

    @Test("a retryable rejection from the reader is retried, then reported with its own error")
    func retriesRejection() async throws {
        let clock = ManualClock()
        let server = MockServer(.json(#"{"error":"busy"}"#))
        let client = Fixtures.client(server, clock: clock)

        let request = Task { await httpError { try await client.send(Self.greeting) } }
        for _ in 0..<2 {
            await clock.sleepers(atLeast: 1)
            clock.advance(by: .seconds(60))
        }

        guard case .rejected(let rejection) = try await request.value(within: .seconds(20)) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(rejection.underlying is ServiceSaidNo)
        #expect(server.received.value == 3)  // the first try and the default two retries
    }

    @Test("a non-2xx status never reaches the reader")
    func statusBypassesReader() async {
        let server = MockServer(.json(#"{"error":"gone"}"#, status: 404))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Self.greeting) }

        #expect(error?.statusCode == 404)
    }
}
