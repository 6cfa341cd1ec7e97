import Foundation
import Testing

@testable import EndlessHTTP

@Suite("HTTPError says whether anything answered: offline is only no answer")
struct RequestFailureTests {
    @Test(
        "every case has its kind",
        arguments: [
            (HTTPError.transport(code: .timedOut, message: "timed out"), RequestFailureKind.noAnswer),
            (.transport(code: .cannotConnectToHost, message: "refused"), .noAnswer),
            (.deadlineExceeded(.seconds(30)), .noAnswer),
            (.cancelled, .noAnswer),
            (.status(code: 429, retryAfter: .seconds(60), snippet: "slow down"), .rateLimited),
            (.status(code: 503, retryAfter: nil, snippet: "down for maintenance"), .badAnswer),
            (.status(code: 404, retryAfter: nil, snippet: ""), .badAnswer),
            (.unexpectedContentType(contentType: "text/html", expected: .json, snippet: "<html>"), .badAnswer),
            (.decoding(path: "results[0]", reason: "expected an object", snippet: "[]"), .badAnswer),
            (.bodyTooLarge(limit: 1024, declaredLength: 4096), .badAnswer),
            (.redirectRefused(from: "http://127.0.0.1/a", to: "http://127.0.0.1:1/b", reason: .leavesHTTPS), .badAnswer),
            (.responseHeadersTooLarge(detail: "Too large response headers"), .badAnswer),
            (.invalidRequest(reason: "no host"), .notSent),
        ])
    func kinds(_ error: HTTPError, _ kind: RequestFailureKind) {
        #expect(error.requestFailureKind == kind)
        #expect((error as any Error as? any RequestFailure)?.requestFailureKind == kind)
    }
}
