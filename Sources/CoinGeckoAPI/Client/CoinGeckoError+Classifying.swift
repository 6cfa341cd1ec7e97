import EndlessHTTP
import Foundation

/// Telling CoinGecko's refusals apart from other failures, by status and body.
extension CoinGeckoError {
    /// Cloudflare's rate-limit marker, in its text answer and its HTML page alike.
    static let cloudflareMarker = "error code: 1015"

    /// Classifies what the HTTP client threw.
    /// - Parameter error: the HTTP client's error.
    public init(_ error: HTTPError) {
        switch error {
        case .status(let code, let retryAfter, let snippet):
            self = Self.classify(status: code, retryAfter: retryAfter, body: snippet) ?? .http(error)
        case .unexpectedContentType(_, _, let snippet) where Self.isCloudflareLimit(snippet):
            self = .rateLimited(RateLimit(retryAfter: nil, message: Self.cloudflareMarker, source: .cloudflare))
        default:
            self = .http(error)
        }
    }

    /// What an error body says, when it is one of CoinGecko's (or its CDN's); nil otherwise.
    /// - Parameters:
    ///   - status: the HTTP status.
    ///   - retryAfter: the `retry-after` sent.
    ///   - body: the body, or its start.
    static func classify(status: Int, retryAfter: Duration?, body: String) -> CoinGeckoError? {
        if isCloudflareLimit(body) {
            return .rateLimited(RateLimit(retryAfter: retryAfter, message: cloudflareMarker, source: .cloudflare))
        }
        let json = try? LiteralJSON.parse(Array(body.utf8))
        if let refusal = json?["status"], let code = CoinMarket.number(refusal["error_code"])?.int {
            let message = refusal["error_message"]?.string ?? ""
            if code == 429 { return .rateLimited(RateLimit(retryAfter: retryAfter, message: message, source: .api)) }
            return .refused(code: code, message: message, httpStatus: status)
        }
        if let message = json?["error"]?.string {
            if message.localizedCaseInsensitiveContains("vs_currency") { return .invalidCurrency(message: message) }
            return .serviceError(message: message, httpStatus: status)
        }
        if status == 429 {
            // A 429 whose body was cut or is not JSON is still a rate limit.
            return .rateLimited(RateLimit(retryAfter: retryAfter, message: "too many requests", source: .api))
        }
        return nil
    }

    static func isCloudflareLimit(_ body: String) -> Bool {
        body.localizedCaseInsensitiveContains(cloudflareMarker)
            || (body.contains("1015") && body.localizedCaseInsensitiveContains("rate limited"))
    }
}
