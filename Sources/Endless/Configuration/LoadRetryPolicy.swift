/// When a ``Feed`` retries a failed append or prepend on its own: a few times, each wait twice
/// the last, capped.
///
/// Delays have no jitter: a feed is one client paging one list, so there is no herd to spread,
/// and fixed delays keep the behaviour exact under a test clock. (An HTTP layer below may add
/// its own jittered retries.)
public struct LoadRetryPolicy: Sendable, Equatable {
    /// Retries after the first failure; 0 turns automatic retry off.
    public var maxRetries: Int
    /// The wait before the first retry.
    public var initialDelay: Duration
    /// The longest wait before any retry.
    public var maxDelay: Duration

    /// No automatic retry: errors wait for ``Feed/retry()``. The default.
    public static let disabled = LoadRetryPolicy(maxRetries: 0, initialDelay: .zero, maxDelay: .zero)
    /// Three retries, after 1 s, 2 s and 4 s, no wait longer than 30 s.
    public static let standard = LoadRetryPolicy(
        maxRetries: 3, initialDelay: .seconds(1), maxDelay: .seconds(30))

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maxRetries: retries after the first failure.
    ///   - initialDelay: the wait before the first retry; each next wait doubles.
    ///   - maxDelay: the cap on any wait.
    public init(maxRetries: Int, initialDelay: Duration, maxDelay: Duration) {
        self.maxRetries = maxRetries
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// The wait before a retry.
    ///
    /// - Parameter retry: which retry, from 1.
    /// - Returns: `initialDelay × 2^(retry − 1)`, capped at `maxDelay`, or `nil` when the
    ///   policy allows no such retry.
    public func delay(beforeRetry retry: Int) -> Duration? {
        guard retry >= 1, retry <= maxRetries else { return nil }
        var delay = initialDelay
        // Doubling step by step (not 2^n) cannot overflow: it stops at the cap.
        for _ in 1..<retry where delay < maxDelay {
            delay = delay * 2
        }
        return min(delay, maxDelay)
    }
}
