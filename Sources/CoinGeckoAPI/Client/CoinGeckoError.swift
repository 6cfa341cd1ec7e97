import EndlessHTTP
import Foundation

/// Why CoinGecko gave no answer, in words a person can act on.
public enum CoinGeckoError: Error, Sendable, CustomStringConvertible, LocalizedError, RequestFailure {
    /// Too many requests: the service's 429 (`{"status":{"error_code":429,…}}`, with
    /// `retry-after`), or its CDN's "error code: 1015" page. Waiting is the only cure.
    case rateLimited(RateLimit)
    /// A `{"status":{"error_code":…,"error_message":…}}` refusal other than the rate limit: key
    /// errors (10002 a missing key, 10010/10011 an invalid one) and the like.
    case refused(code: Int, message: String, httpStatus: Int)
    /// `{"error":"invalid vs_currency"}`: the server does not price coins in that currency.
    case invalidCurrency(message: String)
    /// Another `{"error":"…"}` answer.
    case serviceError(message: String, httpStatus: Int)
    /// A value the client refused to send; nothing was sent.
    case invalidRequest(String)
    /// A successful answer that is not what the endpoint returns.
    case unexpectedBody(String)
    /// The network or the HTTP layer failed: connection, status, deadline, size.
    case http(HTTPError)

    /// A rate-limit refusal: how long the server asked to wait, what it said, and who said it.
    public struct RateLimit: Sendable, Hashable {
        /// Who refused.
        public enum Source: Sendable, Hashable {
            /// The API's own 429 JSON.
            case api
            /// Cloudflare in front of it: "error code: 1015" (often HTML, often without a wait).
            case cloudflare
        }

        /// The `retry-after` sent, if any.
        public var retryAfter: Duration?
        /// The server's words, e.g. "You've exceeded the Rate Limit…".
        public var message: String
        /// Who refused: the API or its CDN.
        public var source: Source

        /// Creates a rate limit.
        /// - Parameters:
        ///   - retryAfter: the wait sent.
        ///   - message: the server's words.
        ///   - source: who refused.
        public init(retryAfter: Duration?, message: String, source: Source) {
            self.retryAfter = retryAfter
            self.message = message
            self.source = source
        }
    }

    /// How long the server asked to wait, for a rate limit that said.
    public var retryAfter: Duration? {
        switch self {
        case .rateLimited(let limit): limit.retryAfter
        case .http(let error): error.retryAfter
        default: nil
        }
    }

    /// Whether it is a rate limit (of either kind).
    public var isRateLimit: Bool {
        if case .rateLimited = self { return true }
        return false
    }

    /// Whether the same request may succeed later (rate limits, outages, timeouts).
    public var isTransient: Bool {
        switch self {
        case .rateLimited: true
        case .http(let error): error.isTransient
        case .refused(_, _, let status), .serviceError(_, let status): status >= 500
        case .invalidCurrency, .invalidRequest, .unexpectedBody: false
        }
    }

    /// How the request failed: either kind of rate limit is `RequestFailureKind.rateLimited`,
    /// the service's other answers `RequestFailureKind.badAnswer`.
    public var requestFailureKind: RequestFailureKind {
        switch self {
        case .rateLimited: .rateLimited
        case .refused, .invalidCurrency, .serviceError, .unexpectedBody: .badAnswer
        case .invalidRequest: .notSent
        case .http(let error): error.requestFailureKind
        }
    }

    /// What happened, for a person.
    public var description: String {
        switch self {
        case .rateLimited(let limit):
            let wait = limit.retryAfter.map { "try again in \(Self.seconds($0))" } ?? "wait a minute before trying again"
            switch limit.source {
            case .api: return "CoinGecko's rate limit: \(limit.message.trimmingCharacters(in: .whitespaces)) — \(wait)."
            case .cloudflare: return "CoinGecko's CDN is rate limiting this address (Cloudflare error 1015) — \(wait)."
            }
        case .refused(let code, let message, let status):
            return "CoinGecko refused the request (HTTP \(status), error \(code): \(message.trimmingCharacters(in: .whitespaces)))."
        case .invalidCurrency(let message):
            return "CoinGecko does not price coins in that currency (\(message)); "
                + "pick one of \(VsCurrency.supported.prefix(16).joined(separator: ", "))…"
        case .serviceError(let message, let status):
            return "CoinGecko answered HTTP \(status): \(message)"
        case .invalidRequest(let reason):
            return reason
        case .unexpectedBody(let reason):
            return "CoinGecko's answer was not what was asked for: \(reason)"
        case .http(let error):
            return error.description
        }
    }

    /// The description, for `LocalizedError` readers.
    public var errorDescription: String? { description }

    /// `119 s`, `2 min 5 s`.
    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        let seconds = whole + (fraction > 0 ? 1 : 0)
        guard seconds >= 120 else { return "\(max(1, seconds)) s" }
        return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min \(seconds % 60) s"
    }
}
