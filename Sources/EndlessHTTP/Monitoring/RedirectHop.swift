/// One redirect a request followed: the status, where it was and where it went, and which
/// credentials stayed behind because the redirect left the request's origin.
///
/// Transports report each hop as it happens; ``HTTPClient`` passes it to its monitors as
/// ``HTTPEvent/Kind-swift.enum/redirected(_:)``, with the URLs redacted.
public struct RedirectHop: Sendable, Hashable {
    /// The redirect's status: 301, 302, 303, 307 or 308.
    public var status: Int
    /// The URL that answered with the redirect.
    public var from: String
    /// The URL the request goes to next.
    public var to: String
    /// The names of the headers not sent on because the next URL has another scheme, host or
    /// port (`Authorization`, `Cookie`, `x-api-key`…); empty within one origin.
    public var droppedHeaders: [String]
    /// Whether the next URL has another scheme, host or port than the one that redirected.
    public var leavesOrigin: Bool

    /// Creates a hop.
    ///
    /// - Parameters:
    ///   - status: The redirect's status.
    ///   - from: The URL that redirected.
    ///   - to: Where it sends the request.
    ///   - droppedHeaders: The credentials left behind.
    ///   - leavesOrigin: Whether the origin changes.
    public init(status: Int, from: String, to: String, droppedHeaders: [String] = [], leavesOrigin: Bool) {
        self.status = status
        self.from = from
        self.to = to
        self.droppedHeaders = droppedHeaders
        self.leavesOrigin = leavesOrigin
    }

    /// The same hop with its URLs passed through `redactor`.
    func redacted(by redactor: Redactor) -> RedirectHop {
        var copy = self
        copy.from = redactor.redact(text: from)
        copy.to = redactor.redact(text: to)
        return copy
    }
}
