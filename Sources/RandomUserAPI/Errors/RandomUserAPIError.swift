import EndlessHTTP

/// What went wrong with an answer from randomuser.me (or a compatible server), in the forms
/// the live service really produces.
///
/// Made from a response by ``RandomUserResponseReader``. Every case carries what a person
/// needs to act, and ``description`` says what happened and what to do. Strings that came
/// from the server (messages, snippets) are cut to one short line with control characters
/// removed, but they are still outside text: a terminal front end passes the description
/// through its sanitizer before printing it.
public enum RandomUserAPIError: Error, Sendable, Equatable {
    /// The service refused because this address asked for too much: HTTP 429 (503 before
    /// 2020) with `{"error": "Whoa, ease up there cowboy…"}`. The limit is 20,000 people per
    /// 5 minutes per IP address.
    case rateLimited(statusCode: Int, message: String)
    /// The service answered `{"error": "…"}` for another reason (an outage, a bad request).
    case serviceError(statusCode: Int, message: String)
    /// An HTML page where JSON was expected: a firewall or proxy block page, a gateway error
    /// page, or a base URL that points at a website rather than the API.
    /// - `title`: the page's `<title>`, if it has one.
    /// - `snippet`: the start of its visible text, tags removed.
    /// - `isBlockPage`: the page says it blocked or denied the request (or the status is
    ///   403 or 451).
    case htmlPage(statusCode: Int, title: String?, snippet: String, isBlockPage: Bool)
    /// HTTP 200 with an empty `results` array while `info.results` says people were asked
    /// for: a live-service fault seen since 2026 that passes on retry.
    case emptyResults(requested: Int)
    /// A legacy 0.x body (`{"results": [{"user": {…}, "version": "0.x"}]}`).
    /// `reported` is the version it names, if any.
    case unsupportedVersion(reported: String?)
    /// A non-2xx status whose body is neither the service's JSON error nor an HTML page.
    case unexpectedStatus(statusCode: Int, snippet: String)
    /// A 2xx body that is not a randomuser.me response: not JSON, or JSON of another shape.
    /// `reason` names the place and the problem (e.g. `results[3].dob: …`).
    case invalidBody(reason: String, snippet: String)

    /// Whether repeating the same request later may succeed: rate limits, 5xx outages,
    /// gateway error pages and the empty-results fault. A retry policy should still back
    /// off (and honour `Retry-After` for rate limits).
    public var isTransient: Bool {
        switch self {
        case .rateLimited, .emptyResults: true
        case .serviceError(let status, _), .unexpectedStatus(let status, _):
            Self.isTransientStatus(status)
        case .htmlPage(let status, _, _, let isBlockPage):
            !isBlockPage && Self.isTransientStatus(status)
        case .unsupportedVersion, .invalidBody: false
        }
    }

    /// The HTTP status the error arrived with; nil for errors about the body's content.
    public var statusCode: Int? {
        switch self {
        case .rateLimited(let status, _), .serviceError(let status, _), .htmlPage(let status, _, _, _),
            .unexpectedStatus(let status, _):
            status
        case .emptyResults: 200
        case .unsupportedVersion, .invalidBody: nil
        }
    }

    /// Classifies the service's `{"error": message}` body: a rate limit when the status is
    /// 429 or the message is the service's rate-limit text ("ease up", also sent with 503
    /// before 2020), otherwise a service error.
    /// - Parameters:
    ///   - statusCode: the HTTP status the body came with.
    ///   - message: the `error` string, as sent.
    /// - Returns: ``rateLimited(statusCode:message:)`` or ``serviceError(statusCode:message:)``.
    public static func service(statusCode: Int, message: String) -> RandomUserAPIError {
        let message = BodySnippet.sanitize(message, limit: BodySnippet.defaultLimit)
        if statusCode == 429 || message.lowercased().contains("ease up") {
            return .rateLimited(statusCode: statusCode, message: message)
        }
        return .serviceError(statusCode: statusCode, message: message)
    }

    /// 408, 425, 429 and 5xx except 501 (not implemented) and 505 (version not supported).
    static func isTransientStatus(_ status: Int) -> Bool {
        switch status {
        case 408, 425, 429: true
        case 501, 505: false
        case 500...599: true
        default: false
        }
    }
}
