/// A request line and header section that passed the parser's checks.
struct HTTPRequestHead: Sendable, Equatable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    /// The declared body length (0 without Content-Length).
    var contentLength: Int
    /// `Expect: 100-continue` on an HTTP/1.1 request: the client waits for a `100` before
    /// sending the body (HTTP/1.0 expectations are ignored, as RFC 9110 §10.1.1 requires).
    var expectsContinue = false

    /// Whether the client wants the connection kept after this request: HTTP/1.1 unless it
    /// says `close`, HTTP/1.0 only when it says `keep-alive`.
    var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http10 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }

    /// The target split into its path and query, with an absolute-form target
    /// (`http://host/path`) reduced to its path.
    var pathAndQuery: (path: String, query: String?) {
        var rest = Substring(target)
        if !rest.hasPrefix("/") {
            // absolute-form: drop "scheme://authority"; the parser guarantees the scheme.
            if let schemeEnd = rest.range(of: "://") {
                rest = rest[schemeEnd.upperBound...]
                rest = rest.firstIndex(where: { $0 == "/" || $0 == "?" }).map { rest[$0...] } ?? "/"
                if rest.hasPrefix("?") { rest = "/" + rest }
            }
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil) }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }
}

/// Why a request was refused before it reached the handler: the status to answer and a
/// sentence for the body. The connection is always closed after such an answer.
struct HTTPParseFailure: Error, Sendable, Equatable {
    var status: Int
    var message: String
    /// What the log line shows for the method and target, when the parser got that far.
    var method: String = "-"
    var target: String = "-"
}
