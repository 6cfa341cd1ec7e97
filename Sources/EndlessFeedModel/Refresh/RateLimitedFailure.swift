/// An error that says the service refused for the rate, and how long it asked to wait: what a
/// live list's timer backs off on. A feed's error type adopts it; the browser knows no feed.
public protocol RateLimitedFailure: Error {
    /// Whether the service refused for the rate (a 429, a CDN's rate-limit page).
    var isRateLimit: Bool { get }
    /// The wait it asked for, if it said.
    var retryAfter: Duration? { get }
}
