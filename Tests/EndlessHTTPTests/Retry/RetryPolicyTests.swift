import EndlessHTTP
import Foundation
import Testing

@Suite("RetryPolicy decisions")
struct RetryPolicyTests {
    @Test("defaults match Alamofire: 2 retries from 0.5 s, doubling, with full jitter and a 60 s Retry-After cap")
    func defaults() {
        let policy = RetryPolicy.default
        #expect(policy.maxRetries == 2)
        #expect(policy.baseDelay == .milliseconds(500))
        #expect(policy.jitter == .full)
        #expect(policy.retryAfterCap == .seconds(60))
        #expect(policy.retryableStatusCodes == [408, 429, 500, 502, 503, 504])
        #expect(
            policy.retryableURLErrorCodes.isSuperset(of: [
                .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet, .dnsLookupFailed, .cannotFindHost,
            ]))
    }

    @Test("backoff doubles and stops at maxDelay")
    func backoffSequence() {
        let policy = RetryPolicy(baseDelay: .milliseconds(500), maxDelay: .seconds(3), jitter: .none)
        let delays = (0..<5).map { policy.backoff(retriesSoFar: $0) }
        #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])
        #expect(policy.backoff(retriesSoFar: 10_000) == .seconds(3))
    }

    @Test("full jitter takes the random fraction of the backoff, clamped to 0...1")
    func jitterFraction() {
        #expect(RetryPolicy(randomUnit: { 0.5 }).backoff(retriesSoFar: 1) == .milliseconds(500))
        #expect(RetryPolicy(randomUnit: { 0 }).backoff(retriesSoFar: 0) == .zero)
        #expect(RetryPolicy(randomUnit: { 7 }).backoff(retriesSoFar: 0) == .milliseconds(500))
        #expect(RetryPolicy(randomUnit: { .nan }).backoff(retriesSoFar: 0) == .milliseconds(500))
    }

    @Test("only idempotent methods are retried")
    func idempotency() {
        let policy = RetryPolicy(randomUnit: { 1 })
        let error = HTTPError.status(code: 503, retryAfter: nil, snippet: "")
        for method in [HTTPMethod.get, .head, .put, .delete, .options] {
            #expect(policy.delay(after: error, retriesSoFar: 0, method: method) == .milliseconds(500))
        }
        for method in [HTTPMethod.post, .patch, HTTPMethod(rawValue: "connect")] {
            #expect(policy.delay(after: error, retriesSoFar: 0, method: method) == nil)
        }
    }

    @Test("the retry budget is maxRetries")
    func budget() {
        let policy = RetryPolicy(maxRetries: 2, randomUnit: { 1 })
        let error = HTTPError.transport(code: .timedOut, message: "")
        #expect(policy.delay(after: error, retriesSoFar: 1, method: .get) == .seconds(1))
        #expect(policy.delay(after: error, retriesSoFar: 2, method: .get) == nil)
    }

    @Test("cancellation, deadlines, decoding and size errors are never retried")
    func neverRetried() {
        let policy = RetryPolicy.default
        let errors: [HTTPError] = [
            .cancelled, .deadlineExceeded(.seconds(1)), .decoding(path: "", reason: "", snippet: ""),
            .bodyTooLarge(limit: 1, declaredLength: nil), .invalidRequest(reason: ""),
            .unexpectedContentType(contentType: "text/html", expected: .json, snippet: ""),
            .transport(code: .cancelled, message: ""), .rejected(ResponseRejection("no")),
        ]
        for error in errors {
            #expect(!policy.isRetryable(error), "\(error)")
        }
        #expect(policy.isRetryable(.rejected(ResponseRejection("empty", retryable: true))))
    }

    @Test("Retry-After replaces the backoff up to the cap, and beyond it gives up")
    func retryAfterCap() {
        let policy = RetryPolicy(retryAfterCap: .seconds(10), randomUnit: { 1 })
        let soon = HTTPError.status(code: 429, retryAfter: .seconds(10), snippet: "")
        let late = HTTPError.status(code: 429, retryAfter: .seconds(11), snippet: "")
        #expect(policy.delay(after: soon, retriesSoFar: 0, method: .get) == .seconds(10))
        #expect(policy.delay(after: late, retriesSoFar: 0, method: .get) == nil)
    }
}
