import EndlessHTTP
import Foundation

/// Why reqres.in gave no answer, in words a person can act on.
public enum ReqresError: Error, Sendable, CustomStringConvertible, RequestFailure {
    /// The request was refused for want of an API key (401, or 403 on some days):
    /// `{"error":"Missing API key.","how_to_get_one":"https://reqres.in/signup"}`.
    case missingAPIKey(message: String, howToGetOne: String?)
    /// `GET users/{id}` for an id the service does not have (404 `{}`).
    case noSuchUser(id: Int)
    /// A page or size the service cannot answer; nothing was sent.
    case invalidRequest(String)
    /// The network or the HTTP layer failed: connection, status, deadline, a body that is not
    /// a reqres answer.
    case http(HTTPError)

    /// Classifies what `HTTPClient.send(_:)` threw for a request.
    /// - Parameters:
    ///   - error: the HTTP client's error.
    ///   - userID: the id asked for, when the request was for one user.
    public init(_ error: HTTPError, userID: Int? = nil) {
        if case .rejected(let rejection) = error, let own = rejection.underlying as? ReqresError {
            self = own
            return
        }
        if case .status(let code, _, let snippet) = error {
            if code == 401 || code == 403, let refusal = Self.refusal(in: snippet) {
                self = .missingAPIKey(message: refusal.message, howToGetOne: refusal.howToGetOne)
                return
            }
            if code == 404, let userID {
                self = .noSuchUser(id: userID)
                return
            }
        }
        self = .http(error)
    }

    /// Whether the same request may succeed later (rate limits, outages, timeouts).
    public var isTransient: Bool {
        if case .http(let error) = self { return error.isTransient }
        return false
    }

    /// How the request failed: the service's refusals are answers, a request refused before
    /// sending was not sent.
    public var requestFailureKind: RequestFailureKind {
        switch self {
        case .missingAPIKey, .noSuchUser: .badAnswer
        case .invalidRequest: .notSent
        case .http(let error): error.requestFailureKind
        }
    }

    /// What happened, for a person.
    public var description: String {
        switch self {
        case .missingAPIKey(let message, let howToGetOne):
            "reqres.in wants an API key and refused the request (\(message.trimmingCharacters(in: .whitespaces)))."
                + " The free key is \(ReqresClient.freeAPIKey)"
                + (howToGetOne.map { "; others at \($0)" } ?? "") + "."
        case .noSuchUser(let id): "no user \(id)"
        case .invalidRequest(let reason): reason
        case .http(let error): error.description
        }
    }

    /// The `error` and `how_to_get_one` of a refusal body, when it is one.
    private static func refusal(in snippet: String) -> (message: String, howToGetOne: String?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(snippet.utf8)) as? [String: Any],
            let message = object["error"] as? String
        else { return nil }
        return (message, object["how_to_get_one"] as? String)
    }
}
