/// Something that happened to a request, for logs, metrics and status bars.
///
/// A request sent over the network produces one ``Kind-swift.enum/started`` event, a
/// ``Kind-swift.enum/redirected(_:)`` event for each redirect followed, a
/// ``Kind-swift.enum/retried(attempt:delay:reason:)`` event before each retry, and one
/// ``Kind-swift.enum/finished(status:bytes:duration:attempts:error:)`` event. A request that
/// joins an identical GET already in flight produces only
/// ``Kind-swift.enum/joined(requestID:)``: it shares the other's events and result.
public struct HTTPEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// The first attempt is about to be sent.
        case started
        /// This request did not go to the network: it waits for the identical GET
        /// `requestID`, which is already in flight, and will get its result.
        case joined(requestID: Int)
        /// A redirect was followed: where from, where to, and which credentials stayed behind
        /// because it left the origin. URLs are redacted.
        case redirected(RedirectHop)
        /// An attempt failed with `reason`; attempt number `attempt` (2 for the first retry)
        /// follows after `delay`.
        case retried(attempt: Int, delay: Duration, reason: HTTPError)
        /// The request is over, after `attempts` attempts taking `duration` in all (backoff
        /// included). `status` and `bytes` describe the last response, if one arrived;
        /// `error` is `nil` on success.
        case finished(status: Int?, bytes: Int, duration: Duration, attempts: Int, error: HTTPError?)
    }

    /// A number unique within one client, shared by a request's events.
    public let requestID: Int
    /// The request, secrets already redacted.
    public let request: RequestSnapshot
    /// What happened.
    public let kind: Kind

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - requestID: The request's number within its client.
    ///   - request: The redacted request.
    ///   - kind: What happened.
    public init(requestID: Int, request: RequestSnapshot, kind: Kind) {
        self.requestID = requestID
        self.request = request
        self.kind = kind
    }
}
