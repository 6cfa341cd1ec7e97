import Endless
import EndlessHTTP
import Foundation
import Testing

@testable import EndlessCache

/// The status line names how the network failed: `offline` only when nothing answered. A person
/// told "offline" while the service is refusing for the rate goes looking for a broken connection.
@Suite("CachedPageSource: the status says offline only when nothing answered")
struct FailureWordsTests {
    typealias Harness = CachedPageSourceTests.Harness

    /// An error of a feed's own type that forwards the service's kind, as the app's do.
    struct WrappedFailure: RequestFailure, CustomStringConvertible {
        let wrapped: HTTPError
        var requestFailureKind: RequestFailureKind { wrapped.requestFailureKind }
        var description: String { "explained: \(wrapped)" }
    }

    @Test(
        "the cached page stands in, and the status names the failure",
        arguments: [
            (HTTPError.transport(code: .cannotConnectToHost, message: "refused") as any Error, "offline", RequestFailureKind.noAnswer),
            (HTTPError.deadlineExceeded(.seconds(30)), "offline", .noAnswer),
            (NetworkDown(), "offline", .noAnswer),  // an error that does not say is taken for no answer
            (HTTPError.status(code: 429, retryAfter: .seconds(60), snippet: "slow down"), "rate-limited", .rateLimited),
            (WrappedFailure(wrapped: .status(code: 429, retryAfter: nil, snippet: "")), "rate-limited", .rateLimited),
            (HTTPError.status(code: 503, retryAfter: nil, snippet: "maintenance"), "service error", .badAnswer),
            (HTTPError.unexpectedContentType(contentType: "text/html", expected: .json, snippet: "<html>"), "service error", .badAnswer),
        ])
    func words(_ failure: any Error, _ words: String, _ kind: RequestFailureKind) async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(CachedPageSourceTests.refresh())
        _ = try await source.load(CachedPageSourceTests.append(1))
        harness.date.advance(by: 60)
        harness.network.failure = failure
        harness.network.isDown = true

        let page = try await source.load(CachedPageSourceTests.append(1))

        #expect(page.items.allSatisfy { $0.edition == 1 })
        #expect(source.status.isOffline)
        #expect(source.status.networkFailure == kind)
        #expect(source.status.summary(now: harness.date.now) == words)
        // The next page the network sends clears it.
        harness.date.advance(by: 31)
        harness.network.isDown = false
        _ = try await source.load(CachedPageSourceTests.append(2))
        #expect(source.status.networkFailure == nil)
        #expect(source.status.summary(now: harness.date.now) == nil)
    }

    @Test("a rate limit with the first page from the cache: rate-limited · cached 2 h ago")
    func rateLimitedOnCachedRows() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        _ = try await harness.source().load(CachedPageSourceTests.refresh())
        harness.date.advance(by: 7200)
        let source = harness.relaunch()
        _ = try await source.load(CachedPageSourceTests.refresh())
        harness.network.failure = HTTPError.status(code: 429, retryAfter: nil, snippet: "")
        harness.network.isDown = true

        await #expect(throws: HTTPError.self) { try await source.load(CachedPageSourceTests.refresh()) }

        #expect(source.status.summary(now: harness.date.now) == "rate-limited · cached 2 h ago")
        // The two halves apart, for a status bar that keeps the first longer.
        #expect(source.status.failureSummary == "rate-limited")
        #expect(source.status.originSummary(now: harness.date.now) == "cached 2 h ago")
    }

    @Test("a request refused before it was sent says nothing about the network")
    func notSent() async throws {
        let harness = try Harness()
        defer { harness.directory.remove() }
        let source = harness.source()
        _ = try await source.load(CachedPageSourceTests.refresh())
        harness.network.failure = HTTPError.invalidRequest(reason: "holding back")
        harness.network.isDown = true

        await #expect(throws: HTTPError.self) { try await source.load(CachedPageSourceTests.append(3)) }

        #expect(!source.status.isOffline)
        #expect(source.status.networkFailure == nil && source.status.networkError == nil)
        #expect(source.status.summary(now: harness.date.now) == nil)
    }

    @Test("offline mode says offline, whatever the last failure was; a disabled cache says nothing")
    func offlineMode() {
        let status = CacheStatus(mode: .offline, isOffline: true, networkFailure: .rateLimited)
        #expect(status.summary(now: Date()) == "offline")
        #expect(status.failureSummary == "offline" && status.originSummary(now: Date()) == nil)
        // With the cache disabled there is nothing to say, failing or not.
        #expect(CacheStatus(mode: .disabled, isOffline: true, networkFailure: .noAnswer).summary(now: Date()) == nil)
    }
}
