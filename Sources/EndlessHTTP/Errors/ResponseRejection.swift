/// A refusal from an endpoint's `validate` closure: the response parsed, but is not usable.
///
/// Throw it from ``Endpoint/validate`` to turn a structurally valid response into an error,
/// and set ``isRetryable`` when the condition is transient, so that the client's
/// ``RetryPolicy`` tries again (for example "HTTP 200 but an empty page"). Attach your own
/// typed error as ``underlying`` to get it back from ``HTTPError/rejected(_:)``.
public struct ResponseRejection: Error, Sendable, CustomStringConvertible {
    /// Why the response was refused, in words for a person.
    public var reason: String
    /// Whether trying the same request again may succeed.
    public var isRetryable: Bool
    /// The caller's own error, if it has one, for mapping back to its domain.
    public var underlying: (any Error)?

    /// Creates a rejection.
    ///
    /// - Parameters:
    ///   - reason: Why the response is unusable, in words for a person.
    ///   - retryable: Whether the client should retry (idempotent requests only).
    ///   - underlying: The caller's own error, carried through unchanged.
    public init(_ reason: String, retryable: Bool = false, underlying: (any Error)? = nil) {
        self.reason = reason
        self.isRetryable = retryable
        self.underlying = underlying
    }

    /// The reason.
    public var description: String { reason }
}
