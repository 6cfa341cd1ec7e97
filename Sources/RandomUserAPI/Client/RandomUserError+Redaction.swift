import EndlessHTTP

extension RandomUserError {
    /// The same error with every text from the server passed through `redactor`.
    /// - Parameter redactor: What counts as secret (a key in the API's URL among it).
    /// - Returns: The redacted error.
    public func redacted(by redactor: Redactor) -> RandomUserError {
        switch self {
        case .query: return self
        case .http(let error): return .http(error.redacted(by: redactor))
        case .service(let error, let retryAfter): return .service(error.redacted(by: redactor), retryAfter: retryAfter)
        }
    }
}

extension RandomUserAPIError {
    /// The same error with the server's words passed through `redactor`.
    func redacted(by redactor: Redactor) -> RandomUserAPIError {
        let clean = { (text: String) in redactor.redact(text: text) }
        switch self {
        case .rateLimited(let status, let message): return .rateLimited(statusCode: status, message: clean(message))
        case .serviceError(let status, let message): return .serviceError(statusCode: status, message: clean(message))
        case .htmlPage(let status, let title, let snippet, let isBlockPage):
            return .htmlPage(statusCode: status, title: title.map(clean), snippet: clean(snippet), isBlockPage: isBlockPage)
        case .unexpectedStatus(let status, let snippet): return .unexpectedStatus(statusCode: status, snippet: clean(snippet))
        case .invalidBody(let reason, let snippet): return .invalidBody(reason: clean(reason), snippet: clean(snippet))
        case .emptyResults, .unsupportedVersion: return self
        }
    }
}
