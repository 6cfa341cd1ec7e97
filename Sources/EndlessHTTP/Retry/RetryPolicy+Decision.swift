extension RetryPolicy {
    /// How long to wait before retrying after `error`, or `nil` when the request must not be
    /// retried.
    ///
    /// - Parameters:
    ///   - error: Why the last attempt failed.
    ///   - retriesSoFar: How many retries have already been made (0 after the first attempt).
    ///   - method: The request method; only idempotent ones are retried.
    /// - Returns: The wait before the next attempt, or `nil` to give up with `error`.
    public func delay(after error: HTTPError, retriesSoFar: Int, method: HTTPMethod) -> Duration? {
        guard retriesSoFar < maxRetries, method.isIdempotent, isRetryable(error) else { return nil }
        if let retryAfter = error.retryAfter {
            return retryAfter <= retryAfterCap ? retryAfter : nil
        }
        return backoff(retriesSoFar: retriesSoFar)
    }

    /// Whether the kind of failure is worth another attempt, whatever the method or count.
    ///
    /// - Parameter error: Why the last attempt failed.
    /// - Returns: `true` for retryable statuses and network failures, and for rejections
    ///   marked retryable.
    public func isRetryable(_ error: HTTPError) -> Bool {
        switch error {
        case .status(let code, _, _): return retryableStatusCodes.contains(code)
        case .transport(let code, _): return retryableURLErrorCodes.contains(code)
        case .rejected(let rejection): return rejection.isRetryable
        case .invalidRequest, .unexpectedContentType, .decoding, .bodyTooLarge, .deadlineExceeded, .cancelled,
            .redirectRefused, .responseHeadersTooLarge:
            return false
        }
    }

    /// The backoff before retry number `retriesSoFar + 1`: `baseDelay × 2^retriesSoFar`, at
    /// most `maxDelay`, scaled by a random fraction under full jitter.
    ///
    /// - Parameter retriesSoFar: How many retries have already been made.
    /// - Returns: The wait.
    public func backoff(retriesSoFar: Int) -> Duration {
        var exponential = baseDelay
        for _ in 0..<min(retriesSoFar, 62) where exponential < maxDelay {
            exponential = exponential * 2
        }
        let capped = min(exponential, maxDelay)
        switch jitter {
        case .none:
            return capped
        case .full:
            let fraction = randomUnit()
            guard fraction.isFinite else { return capped }
            return capped * min(1, max(0, fraction))
        }
    }
}
