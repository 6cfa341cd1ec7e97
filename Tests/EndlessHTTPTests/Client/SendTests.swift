import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("Sending endpoints through URLSession", .timeLimit(TimeBudget.minutes(1)))
struct SendTests {
    @Test("decodes a JSON response and sends the built request")
    func decodesResponse() async throws {
        let server = MockServer(.json(Fixtures.pageJSON))
        let client = Fixtures.client(server)
        let endpoint = Endpoint<Page>(
            path: "people", query: [URLQueryItem(name: "results", value: "2")], headers: ["X-Trace": "abc"])

        let page = try await client.send(endpoint)

        #expect(page == Fixtures.page)
        let request = try #require(server.requests.first)
        #expect(request.url?.absoluteString == "https://\(server.host)/api/people?results=2")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "abc")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json, text/json")
    }

    @Test("a non-2xx status carries the code, Retry-After and a sanitized body snippet")
    func statusError() async {
        let body = "{\"error\":\"Uh oh,\u{1B}[2J something\nhas gone wrong.\"}"
        let server = MockServer(.json(body, status: 400, headers: ["Retry-After": "7"]))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .status(let code, let retryAfter, let snippet) = error else {
            Issue.record("expected a status error, got \(String(describing: error))")
            return
        }
        #expect(code == 400)
        #expect(retryAfter == .seconds(7))
        #expect(snippet == #"{"error":"Uh oh,[2J something has gone wrong."}"#)
        #expect(server.received.value == 1)  // 400 is not retryable
    }

    @Test("an HTML page where JSON was expected is an unexpectedContentType error")
    func htmlBlockPage() async {
        let html = "<html><head><title>Access denied</title></head><body>Blocked</body></html>"
        let server = MockServer(.respond(status: 200, headers: ["Content-Type": "text/html; charset=UTF-8"], body: Data(html.utf8)))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .unexpectedContentType(let contentType, let expected, let snippet) = error else {
            Issue.record("expected unexpectedContentType, got \(String(describing: error))")
            return
        }
        #expect(contentType == "text/html; charset=UTF-8")
        #expect(expected == .json)
        #expect(snippet.hasPrefix("<html><head><title>Access denied"))
    }

    @Test("JSON of the wrong shape is a decoding error with the coding path")
    func decodingError() async {
        let server = MockServer(.json(#"{"results":["ada", 7],"page":1}"#))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .decoding(let path, let reason, let snippet) = error else {
            Issue.record("expected decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "results[1]")
        #expect(reason.contains("String"))
        #expect(snippet == #"{"results":["ada", 7],"page":1}"#)
    }

    @Test("a missing key names the key and where it was expected")
    func missingKey() async {
        let server = MockServer(.json(#"{"results":[]}"#))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .decoding(let path, let reason, _) = error else {
            Issue.record("expected decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "")
        #expect(reason == #"the key "page" is missing"#)
    }

    @Test("a 401 with an authentication challenge is reported as the status, not a hang")
    func unauthorizedChallenge() async {
        let server = MockServer(
            .respond(
                status: 401, headers: ["WWW-Authenticate": #"Basic realm="endless""#, "Content-Type": "application/json"],
                body: Data(#"{"error":"no key"}"#.utf8)))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(error?.statusCode == 401)
        #expect(error?.bodySnippet == #"{"error":"no key"}"#)
    }

    @Test("fetches raw bytes from an absolute URL, checking the content type")
    func rawBytes() async throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])
        let server = MockServer { request, _ in
            request.url?.path == "/portraits/men/1.jpg"
                ? .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: jpeg)
                : .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>".utf8))
        }
        let client = HTTPClient(transport: server.transport(), clock: ManualClock())
        let portrait = server.url("/portraits/men/1.jpg")

        let response = try await client.data(from: portrait, accepting: .images)

        #expect(response.body == jpeg)
        #expect(response.mediaType == "image/jpeg")
        #expect(server.requests.first?.value(forHTTPHeaderField: "Accept") == "image/*")
        let notAnImage = server.url("/blocked")
        let error = await httpError { try await client.data(from: notAnImage, accepting: .images) }
        guard case .unexpectedContentType(let type, _, _) = error else {
            Issue.record("expected unexpectedContentType, got \(String(describing: error))")
            return
        }
        #expect(type == "text/html")
    }

    @Test("a client without a base URL refuses endpoints without sending anything")
    func noBaseURL() async {
        let server = MockServer(.json(Fixtures.pageJSON))
        let client = HTTPClient(transport: server.transport(), clock: ManualClock())

        let error = await httpError { try await client.send(Endpoint<Page>(path: "people")) }

        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(server.received.value == 0)
    }
}
