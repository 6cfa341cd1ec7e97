/// One parsed request, as the server hands it to a ``HTTPHandler``.
struct HTTPRequest: Sendable {
    /// The method token exactly as sent (`GET`, `HEAD`; methods are case-sensitive).
    var method: String
    /// The request-target as sent, e.g. `/api/?results=5`.
    var target: String
    /// The path part of the target, still percent-encoded.
    var path: String
    /// The query after `?`, still percent-encoded; nil when the target has no `?`.
    var query: String?
    /// `(1, 1)` or `(1, 0)`: the parser answers every other version itself.
    var version: HTTPVersion
    var headers: HTTPHeaders
    /// The client's numeric address: what the rate limit keys on.
    var peer: SocketAddress
    /// The address the connection arrived on: the fallback authority for absolute URLs.
    var local: SocketAddress

    /// The target with the query, the way log lines show it.
    var pathAndQuery: String { query.map { "\(path)?\($0)" } ?? path }
}

/// The HTTP versions the server speaks.
struct HTTPVersion: Sendable, Equatable, CustomStringConvertible {
    var major: Int
    var minor: Int

    static let http10 = HTTPVersion(major: 1, minor: 0)
    static let http11 = HTTPVersion(major: 1, minor: 1)

    var description: String { "HTTP/\(major).\(minor)" }
}
