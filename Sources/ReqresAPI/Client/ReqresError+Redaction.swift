import EndlessHTTP

extension ReqresError {
    /// The same error with every text from the server passed through `redactor`.
    /// - Parameter redactor: What counts as secret (the client's key among it).
    /// - Returns: The redacted error.
    public func redacted(by redactor: Redactor) -> ReqresError {
        switch self {
        case .missingAPIKey(let message, let howToGetOne):
            return .missingAPIKey(message: redactor.redact(text: message), howToGetOne: howToGetOne.map { redactor.redact(text: $0) })
        case .invalidRequest(let reason): return .invalidRequest(redactor.redact(text: reason))
        case .http(let error): return .http(error.redacted(by: redactor))
        case .noSuchUser: return self
        }
    }
}
