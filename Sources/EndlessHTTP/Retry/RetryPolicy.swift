import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// When and how long to wait before trying a failed request again.
///
/// The defaults follow Alamofire's: two retries, exponential backoff from 0.5 s
/// (0.5 s, 1 s, 2 s, ...), plus full jitter (each wait is a uniformly random fraction of the
/// backoff, so that many clients failing together do not retry in lock-step). A server's
/// `Retry-After` replaces the backoff when it is at most ``retryAfterCap``; a longer one is not
/// waited for at all: the request fails at once with the status and its `retryAfter`, so the
/// caller can tell a person how long to wait instead of blocking.
///
/// Only idempotent methods are retried. Cancellation is never retried.
public struct RetryPolicy: Sendable {
    /// How many times a request may be sent again after its first attempt.
    public var maxRetries: Int
    /// The backoff before the first retry; it doubles for each further retry.
    public var baseDelay: Duration
    /// The longest backoff, however many retries came before.
    public var maxDelay: Duration
    /// Whether each backoff is randomized.
    public var jitter: Jitter
    /// The longest `Retry-After` the client will wait for.
    public var retryAfterCap: Duration
    /// Statuses worth trying again.
    public var retryableStatusCodes: Set<Int>
    /// Network failures worth trying again.
    public var retryableURLErrorCodes: Set<URLError.Code>
    /// The random source for jitter: returns a number in `0...1`. Inject a constant in tests.
    public var randomUnit: @Sendable () -> Double

    /// How a backoff is randomized.
    public enum Jitter: Sendable, Hashable {
        /// Exactly the exponential backoff.
        case none
        /// A uniformly random wait between zero and the exponential backoff ("full jitter").
        case full
    }

    /// Two retries, as in Alamofire.
    public static let defaultMaxRetries = 2
    /// 0.5 s before the first retry, as in Alamofire.
    public static let defaultBaseDelay: Duration = .milliseconds(500)
    /// No single backoff longer than 30 s.
    public static let defaultMaxDelay: Duration = .seconds(30)
    /// `Retry-After` honoured up to 60 s.
    public static let defaultRetryAfterCap: Duration = .seconds(60)
    /// 408, 429, 500, 502, 503 and 504.
    public static let defaultRetryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// Failures that say nothing about the request itself, only about the path to the server.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .notConnectedToInternet,
        .dnsLookupFailed, .cannotFindHost,
    ]
    /// The system's random numbers.
    public static let defaultRandomUnit: @Sendable () -> Double = { Double.random(in: 0...1) }

    /// The defaults above.
    public static let `default` = RetryPolicy()
    /// Never retry.
    public static let never = RetryPolicy(maxRetries: 0)

    /// Creates a policy; every parameter defaults to the matching `default…` constant.
    ///
    /// - Parameters:
    ///   - maxRetries: Retries after the first attempt (0 disables retrying).
    ///   - baseDelay: The backoff before the first retry; it doubles each time.
    ///   - maxDelay: The longest single backoff.
    ///   - jitter: Whether backoffs are randomized.
    ///   - retryAfterCap: The longest `Retry-After` that is waited for.
    ///   - retryableStatusCodes: Statuses worth another try.
    ///   - retryableURLErrorCodes: Network failures worth another try.
    ///   - randomUnit: Returns a number in `0...1` for jitter.
    public init(
        maxRetries: Int = defaultMaxRetries,
        baseDelay: Duration = defaultBaseDelay,
        maxDelay: Duration = defaultMaxDelay,
        jitter: Jitter = .full,
        retryAfterCap: Duration = defaultRetryAfterCap,
        retryableStatusCodes: Set<Int> = defaultRetryableStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = defaultRetryableURLErrorCodes,
        randomUnit: @escaping @Sendable () -> Double = defaultRandomUnit
    ) {
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.retryAfterCap = retryAfterCap
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.randomUnit = randomUnit
    }
}
