import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Everything that can go wrong with a request, with what a person needs to act on it.
///
/// Every public call of ``HTTPClient`` throws only this type. Its ``description`` (also its
/// `errorDescription`) is a sentence meant for a person: what happened and what to try.
public enum HTTPError: Error, Sendable {
    /// The request could not be built: a bad base URL, path or parameter. Nothing was sent.
    case invalidRequest(reason: String)

    /// The network failed before a complete response arrived.
    ///
    /// - `code`: the `URLError` code, such as `.timedOut` or `.cannotConnectToHost`.
    /// - `message`: the underlying system's wording, for logs.
    case transport(code: URLError.Code, message: String)

    /// The server answered with a status outside 200...299.
    ///
    /// - `code`: the HTTP status code.
    /// - `retryAfter`: how long the server asked to wait (`Retry-After`), if it said.
    /// - `snippet`: the start of the body, control characters removed, for example
    ///   `{"error":"Uh oh, something has gone wrong."}`.
    case status(code: Int, retryAfter: Duration?, snippet: String)

    /// A successful response whose `Content-Type` was not one the caller accepts, such as an
    /// HTML page from a proxy or block page where JSON was expected.
    ///
    /// - `contentType`: the `Content-Type` header as sent.
    /// - `expected`: what was accepted.
    /// - `snippet`: the start of the body, sanitized.
    case unexpectedContentType(contentType: String, expected: AcceptedContentTypes, snippet: String)

    /// The body was not the expected shape.
    ///
    /// - `path`: where in the document, such as `results[0].dob.age` (empty for the root).
    /// - `reason`: what was wrong there, such as "expected a number but found a string".
    /// - `snippet`: the start of the body, sanitized.
    case decoding(path: String, reason: String, snippet: String)

    /// The body was larger than the client's limit; the transfer was stopped early.
    ///
    /// - `limit`: the limit in bytes.
    /// - `declaredLength`: the `Content-Length` the server announced when the response was
    ///   refused on its headers alone, or `nil` when it was stopped while streaming.
    case bodyTooLarge(limit: Int, declaredLength: Int64?)

    /// The endpoint's own validation refused a well-formed response; see ``ResponseRejection``.
    case rejected(ResponseRejection)

    /// The request, all its retries and the waits between them did not finish in time.
    case deadlineExceeded(Duration)

    /// The server redirected somewhere the client will not follow; nothing was sent there.
    ///
    /// - `from`: the URL that redirected, secrets redacted.
    /// - `to`: where it pointed, secrets redacted.
    /// - `reason`: why the redirect was refused.
    case redirectRefused(from: String, to: String, reason: RedirectRefusal)

    /// The response's header section was larger than the HTTP library reads (libcurl: 100 KiB
    /// for one field, 300 KiB in all); the transfer was stopped before any body.
    ///
    /// - `detail`: the library's own words, such as `Too large response headers: 307217 > 307200`.
    case responseHeadersTooLarge(detail: String)

    /// The caller cancelled the request.
    case cancelled
}

extension HTTPError {
    /// The HTTP status code, for ``status(code:retryAfter:snippet:)``; otherwise `nil`.
    public var statusCode: Int? {
        if case .status(let code, _, _) = self { return code }
        return nil
    }

    /// How long the server asked to wait before trying again, if it said; otherwise `nil`.
    public var retryAfter: Duration? {
        if case .status(_, let retryAfter, _) = self { return retryAfter }
        return nil
    }

    /// The sanitized start of the response body, for the cases that have one; otherwise `nil`.
    public var bodySnippet: String? {
        switch self {
        case .status(_, _, let snippet), .unexpectedContentType(_, _, let snippet), .decoding(_, _, let snippet):
            return snippet
        default:
            return nil
        }
    }
}

extension HTTPError {
    /// Whether the same request may succeed later: a retryable status or transport failure
    /// (by the default retry policy's sets), a retryable rejection, or a deadline that ran out.
    /// A UI uses it to offer "retry" rather than "fix your settings".
    public var isTransient: Bool {
        switch self {
        case .status(let code, _, _): RetryPolicy.defaultRetryableStatusCodes.contains(code)
        case .transport(let code, _): RetryPolicy.defaultRetryableURLErrorCodes.contains(code)
        case .rejected(let rejection): rejection.isRetryable
        case .deadlineExceeded: true
        case .invalidRequest, .unexpectedContentType, .decoding, .bodyTooLarge, .cancelled, .redirectRefused,
            .responseHeadersTooLarge:
            false
        }
    }
}
