import EndlessHTTP
import Foundation

/// Why a page of people could not be had, from either side of the wire.
///
/// The service's own answers are ``service(_:retryAfter:)``, recognized from the body even
/// when they arrive as an HTTP error (a 429 with `{"error": …}`); everything else the network
/// and HTTP layer report is ``http(_:)``.
public enum RandomUserError: Error, Sendable, CustomStringConvertible, RequestFailure {
    /// The query cannot be sent to this server (e.g. it names API 1.3 and the server URL
    /// names 1.4).
    case query(RandomUserQueryError)
    /// The network or HTTP layer failed: connection, status, deadline, size limit.
    case http(HTTPError)
    /// The service answered, and the answer says what went wrong. `retryAfter` is the wait
    /// the server asked for, if it said.
    case service(RandomUserAPIError, retryAfter: Duration?)

    /// Classifies an HTTP client error: the service's answers become ``service(_:retryAfter:)``.
    /// - Parameter error: what `HTTPClient.send(_:)` threw.
    public init(_ error: HTTPError) {
        switch error {
        case .rejected(let rejection):
            if let apiError = rejection.underlying as? RandomUserAPIError {
                self = .service(apiError, retryAfter: nil)
                return
            }
        case .status(let code, let retryAfter, let snippet):
            // The HTTP layer keeps a sanitized start of the body; the service's error bodies
            // and block pages are short enough to be recognized from it.
            if let apiError = RandomUserResponseReader.failure(
                statusCode: code, contentType: nil, body: Data(snippet.utf8))
            {
                self = .service(apiError, retryAfter: retryAfter)
                return
            }
        default:
            break
        }
        self = .http(error)
    }

    /// Whether the same request may succeed later (rate limits, outages, the empty-results
    /// fault, timeouts), so a UI offers "retry" rather than "change your settings".
    public var isTransient: Bool {
        switch self {
        case .query: false
        case .http(let error): error.isTransient
        case .service(let error, _): error.isTransient
        }
    }

    /// How the request failed: the service's rate-limit answers (whatever their status) are
    /// `RequestFailureKind.rateLimited`, its other answers `RequestFailureKind.badAnswer`.
    public var requestFailureKind: RequestFailureKind {
        switch self {
        case .query: .notSent
        case .http(let error): error.requestFailureKind
        case .service(.rateLimited, _): .rateLimited
        case .service(let error, _): error.statusCode == 429 ? .rateLimited : .badAnswer
        }
    }

    /// The request was cancelled: nothing to show a person.
    public var isCancellation: Bool {
        if case .http(.cancelled) = self { return true }
        return false
    }

    /// What happened and what to do, for a person.
    public var description: String {
        switch self {
        case .query(let error): error.description
        case .http(let error): error.description
        case .service(let error, let retryAfter):
            if let retryAfter, case .rateLimited = error {
                "\(error.description) The server asked to wait \(retryAfter.components.seconds) s."
            } else {
                error.description
            }
        }
    }
}
