import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

/// A small JSON document shaped like a page of results.
struct Page: Decodable, Sendable, Equatable {
    var results: [String]
    var page: Int
}

enum Fixtures {
    static let pageJSON = #"{"results":["ada","grace"],"page":1}"#
    static let page = Page(results: ["ada", "grace"], page: 1)

    /// A policy without jitter surprises: each backoff is exactly `random ×` its maximum.
    static func retries(_ count: Int = 2, random: Double = 1.0) -> RetryPolicy {
        RetryPolicy(maxRetries: count, randomUnit: { random })
    }

    static func client(
        _ server: MockServer, clock: ManualClock = ManualClock(), retryPolicy: RetryPolicy = retries(),
        deadline: Duration? = nil, maxBodyBytes: Int = HTTPClient.Configuration.defaultMaxBodyBytes,
        monitors: [any HTTPEventMonitor] = []
    ) -> HTTPClient {
        HTTPClient(
            baseURL: server.baseURL,
            configuration: .init(retryPolicy: retryPolicy, deadline: deadline, maxBodyBytes: maxBodyBytes),
            transport: server.transport(), clock: clock, monitors: monitors)
    }
}

extension ManualClock.Instant {
    /// `t+seconds` on a manual clock's timeline.
    static func at(_ seconds: Double) -> ManualClock.Instant {
        ManualClock.Instant(offset: .milliseconds(Int64((seconds * 1000).rounded())))
    }
}

/// Runs `body`, which should throw an ``HTTPError``, and returns the error (`nil` when it
/// succeeded or threw something else, which is recorded as an issue).
func httpError<T>(_ body: () async throws -> T) async -> HTTPError? {
    do {
        _ = try await body()
        return nil
    } catch let error as HTTPError {
        return error
    } catch {
        Issue.record("expected an HTTPError, got \(error)")
        return nil
    }
}
