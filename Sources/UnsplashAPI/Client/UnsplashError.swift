import EndlessHTTP
import Foundation

/// Why Unsplash gave no usable answer, in words a person can act on.
public enum UnsplashError: Error, Sendable, CustomStringConvertible, RequestFailure {
    /// 401: no access key, or one the service does not know. `messages` are the body's
    /// `errors`, e.g. `OAuth error: The access token is invalid`.
    case unauthorized(messages: [String])
    /// The hourly budget is spent: 403 or 429 with the plain-text body `Rate Limit Exceeded`.
    case rateLimited(status: Int, limit: Int?)
    /// 403 for another reason (a suspended application, a missing permission).
    case forbidden(messages: [String])
    /// 404: no such photo (`GET /photos/{id}`) or path.
    case notFound(messages: [String])
    /// Another status with Unsplash's `{"errors":[…]}` body.
    case service(status: Int, messages: [String])
    /// A paging or rate-limit header that is there but cannot be read; `name` is the header.
    case malformedHeader(name: String, value: String, reason: String)
    /// A request the service cannot answer; nothing was sent.
    case invalidRequest(String)
    /// Kept for the person to spend: the next page was not loaded ahead because only
    /// `remaining` requests are left this hour (see ``UnsplashPageSource``). Asking again loads it.
    case holdingBack(remaining: Int, limit: Int?)
    /// The network or the HTTP layer failed: connection, deadline, a body that is not photos.
    case http(HTTPError)

    /// Classifies what `HTTPClient.send(_:)` threw.
    /// - Parameter error: the HTTP client's error.
    public init(_ error: HTTPError) {
        if case .rejected(let rejection) = error, let own = rejection.underlying as? UnsplashError {
            self = own
            return
        }
        guard case .status(let code, _, let snippet) = error else {
            self = .http(error)
            return
        }
        let text = snippet.trimmingCharacters(in: .whitespacesAndNewlines)
        if code == 403 || code == 429, text.lowercased().hasPrefix("rate limit exceeded") {
            self = .rateLimited(status: code, limit: nil)
            return
        }
        guard let messages = Self.messages(in: text) else {
            self = .http(error)
            return
        }
        switch code {
        case 401: self = .unauthorized(messages: messages)
        case 403: self = .forbidden(messages: messages)
        case 404: self = .notFound(messages: messages)
        default: self = .service(status: code, messages: messages)
        }
    }

    /// Whether the same request may succeed later.
    public var isTransient: Bool {
        switch self {
        case .http(let error): error.isTransient
        case .service(let status, _): status >= 500
        case .holdingBack: true
        default: false
        }
    }

    /// How the request failed: a request held back or refused before sending was not sent, and
    /// says nothing about the network.
    public var requestFailureKind: RequestFailureKind {
        switch self {
        case .rateLimited: .rateLimited
        case .unauthorized, .forbidden, .notFound, .service, .malformedHeader: .badAnswer
        case .invalidRequest, .holdingBack: .notSent
        case .http(let error): error.requestFailureKind
        }
    }

    /// What happened, for a person.
    public var description: String {
        switch self {
        case .unauthorized(let messages):
            "Unsplash refused the access key (\(Self.join(messages, or: "401 Unauthorized"))). "
                + "Register an application at https://unsplash.com/oauth/applications for a key."
        case .rateLimited(let status, let limit):
            "Unsplash's rate limit is spent (\(status) Rate Limit Exceeded)"
                + (limit.map { ": \($0) requests an hour" } ?? "") + ". It refills within the hour."
        case .forbidden(let messages): "Unsplash refused the request: \(Self.join(messages, or: "403 Forbidden"))"
        case .notFound(let messages): "not on Unsplash: \(Self.join(messages, or: "404 Not Found"))"
        case .service(let status, let messages): "Unsplash answered \(status): \(Self.join(messages, or: "no reason given"))"
        case .malformedHeader(let name, let value, let reason):
            "Unsplash's \(name) header cannot be read (\(reason)): \(BodyText.excerpt(value))"
        case .invalidRequest(let reason): reason
        case .holdingBack(let remaining, let limit):
            "\(remaining == 1 ? "1 request" : "\(remaining) requests") left this hour"
                + (limit.map { " of \($0)" } ?? "") + ": not loading ahead, to keep them for you"
        case .http(let error): error.description
        }
    }

    /// The `errors` of an `{"errors":[…]}` body; nil for any other body.
    static func messages(in body: String) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let errors = object["errors"] as? [Any]
        else { return nil }
        return errors.map { ($0 as? String) ?? String(describing: $0) }
    }

    private static func join(_ messages: [String], or fallback: String) -> String {
        messages.isEmpty ? fallback : messages.joined(separator: "; ")
    }
}

/// Header values and bodies quoted in errors: one line, no controls, short.
enum BodyText {
    static func excerpt(_ text: String, limit: Int = 120) -> String {
        let cleaned = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }))
        return cleaned.count > limit ? String(cleaned.prefix(limit - 1)) + "…" : cleaned
    }
}
