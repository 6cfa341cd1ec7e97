extension HTTPError {
    /// The same error with every text it carries passed through `redactor`: the body
    /// snippets, the system's messages, the reasons. What a server echoed of the request (its
    /// key in an error page) never reaches a message.
    ///
    /// A rejection's `underlying` error is the caller's own and is kept as it is.
    ///
    /// - Parameter redactor: What counts as secret, such as this run's keys and the request's
    ///   own credentials (``Redactor/addingSecrets(of:)``).
    /// - Returns: The redacted error.
    public func redacted(by redactor: Redactor) -> HTTPError {
        switch self {
        case .invalidRequest(let reason):
            return .invalidRequest(reason: redactor.redact(text: reason))
        case .transport(let code, let message):
            return .transport(code: code, message: redactor.redact(text: message))
        case .status(let code, let retryAfter, let snippet):
            return .status(code: code, retryAfter: retryAfter, snippet: redactor.redact(text: snippet))
        case .unexpectedContentType(let contentType, let expected, let snippet):
            return .unexpectedContentType(
                contentType: redactor.redact(text: contentType), expected: expected, snippet: redactor.redact(text: snippet))
        case .decoding(let path, let reason, let snippet):
            return .decoding(path: path, reason: redactor.redact(text: reason), snippet: redactor.redact(text: snippet))
        case .rejected(var rejection):
            rejection.reason = redactor.redact(text: rejection.reason)
            return .rejected(rejection)
        case .redirectRefused(let from, let to, let reason):
            return .redirectRefused(from: redactor.redact(text: from), to: redactor.redact(text: to), reason: reason)
        case .responseHeadersTooLarge(let detail):
            return .responseHeadersTooLarge(detail: redactor.redact(text: detail))
        case .bodyTooLarge, .deadlineExceeded, .cancelled:
            return self
        }
    }
}
