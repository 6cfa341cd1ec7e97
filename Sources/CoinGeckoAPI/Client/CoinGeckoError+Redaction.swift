import EndlessHTTP

extension CoinGeckoError {
    /// The same error with every text from the server passed through `redactor`.
    /// - Parameter redactor: What counts as secret (the client's demo key among it).
    /// - Returns: The redacted error.
    public func redacted(by redactor: Redactor) -> CoinGeckoError {
        switch self {
        case .rateLimited(var limit):
            limit.message = redactor.redact(text: limit.message)
            return .rateLimited(limit)
        case .refused(let code, let message, let status):
            return .refused(code: code, message: redactor.redact(text: message), httpStatus: status)
        case .invalidCurrency(let message): return .invalidCurrency(message: redactor.redact(text: message))
        case .serviceError(let message, let status): return .serviceError(message: redactor.redact(text: message), httpStatus: status)
        case .invalidRequest(let reason): return .invalidRequest(redactor.redact(text: reason))
        case .unexpectedBody(let reason): return .unexpectedBody(redactor.redact(text: reason))
        case .http(let error): return .http(error.redacted(by: redactor))
        }
    }
}
