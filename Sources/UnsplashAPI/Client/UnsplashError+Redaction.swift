import EndlessHTTP

extension UnsplashError {
    /// The same error with every text from the server passed through `redactor`.
    /// - Parameter redactor: What counts as secret (the client's key among it).
    /// - Returns: The redacted error.
    public func redacted(by redactor: Redactor) -> UnsplashError {
        let clean = { (texts: [String]) in texts.map { redactor.redact(text: $0) } }
        switch self {
        case .unauthorized(let messages): return .unauthorized(messages: clean(messages))
        case .forbidden(let messages): return .forbidden(messages: clean(messages))
        case .notFound(let messages): return .notFound(messages: clean(messages))
        case .service(let status, let messages): return .service(status: status, messages: clean(messages))
        case .malformedHeader(let name, let value, let reason):
            return .malformedHeader(name: name, value: redactor.redact(text: value), reason: redactor.redact(text: reason))
        case .invalidRequest(let reason): return .invalidRequest(redactor.redact(text: reason))
        case .http(let error): return .http(error.redacted(by: redactor))
        case .rateLimited, .holdingBack: return self
        }
    }
}
