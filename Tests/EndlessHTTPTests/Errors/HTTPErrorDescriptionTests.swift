import EndlessHTTP
import Foundation
import Testing

@Suite("Every HTTPError says what happened and what to do")
struct HTTPErrorDescriptionTests {
    @Test(
        "each case has an actionable description, also as errorDescription",
        arguments: [
            (HTTPError.invalidRequest(reason: "the path \"..\" contains \"..\" segments"), ["Invalid request", "..", "Nothing was sent"]),
            (
                .transport(code: .cannotConnectToHost, message: "Connection refused"),
                ["Could not connect", "running", "URLError -1004", "Connection refused"]
            ),
            (.transport(code: .timedOut, message: ""), ["in time", "Try again", "URLError -1001"]),
            (.transport(code: .cannotFindHost, message: ""), ["host name", "DNS"]),
            (.transport(code: .notConnectedToInternet, message: ""), ["not connected"]),
            (.transport(code: .secureConnectionFailed, message: ""), ["TLS"]),
            (.transport(code: .unknown, message: "boom"), ["network request failed", "boom"]),
            (
                .status(code: 503, retryAfter: .seconds(30), snippet: #"{"error":"busy"}"#),
                ["HTTP 503 Service Unavailable", "try again later", "wait 30 s", #"{"error":"busy"}"#]
            ),
            (.status(code: 429, retryAfter: nil, snippet: ""), ["HTTP 429 Too Many Requests", "rate-limiting"]),
            (.status(code: 404, retryAfter: nil, snippet: ""), ["HTTP 404 Not Found", "check the URL"]),
            (.status(code: 401, retryAfter: nil, snippet: ""), ["HTTP 401 Unauthorized", "credentials"]),
            (.status(code: 418, retryAfter: nil, snippet: ""), ["HTTP 418.", "did not accept"]),
            (
                .unexpectedContentType(contentType: "text/html", expected: .json, snippet: "<html>Blocked</html>"),
                ["text/html", "application/json", "block page", "<html>Blocked</html>"]
            ),
            (
                .decoding(path: "results[0].dob.age", reason: "Expected Int", snippet: "{}"),
                ["results[0].dob.age", "Expected Int", "format may have changed"]
            ),
            (.decoding(path: "", reason: "the body is empty", snippet: ""), ["at the top level", "the body is empty"]),
            (.bodyTooLarge(limit: 10 << 20, declaredLength: 50 << 20), ["10 MiB", "announced 50 MiB", "raise the limit"]),
            (.bodyTooLarge(limit: 1536, declaredLength: nil), ["1.5 KiB", "kept coming"]),
            (.rejected(ResponseRejection("the page is empty", retryable: true)), ["refused", "the page is empty", "temporary"]),
            (.deadlineExceeded(.milliseconds(2500)), ["2.5 s", "retries included", "longer timeout"]),
            (.cancelled, ["cancelled"]),
        ])
    func descriptions(error: HTTPError, fragments: [String]) {
        for fragment in fragments {
            #expect(error.description.contains(fragment), "\(fragment) not in: \(error.description)")
        }
        #expect(error.errorDescription == error.description)
        #expect(error.localizedDescription == error.description)
        #expect(!error.description.contains("\n"))
    }

    @Test("accessors expose the status, Retry-After and snippet")
    func accessors() {
        let status = HTTPError.status(code: 429, retryAfter: .seconds(5), snippet: "slow down")
        #expect(status.statusCode == 429)
        #expect(status.retryAfter == .seconds(5))
        #expect(status.bodySnippet == "slow down")
        #expect(HTTPError.cancelled.statusCode == nil)
        #expect(HTTPError.cancelled.bodySnippet == nil)
    }

    @Test("errors thrown by the client are typed: a catch gets an HTTPError without casting")
    func typedThrows() async {
        let client = HTTPClient(transport: MockServer(.hold).transport())
        do {
            _ = try await client.send(Endpoint<Page>(path: "x"))
            Issue.record("expected an error")
        } catch {
            let typed: HTTPError = error  // compiles only because `send` throws(HTTPError)
            guard case .invalidRequest = typed else {
                Issue.record("expected invalidRequest, got \(typed)")
                return
            }
        }
    }
}
