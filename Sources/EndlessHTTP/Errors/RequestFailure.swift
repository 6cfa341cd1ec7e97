/// How a request failed, in the terms a status line needs: whether anything answered.
///
/// "Offline" is true only of ``noAnswer``. A service that refuses for the rate, or answers with
/// an error, a block page or a body of the wrong shape, is reachable: telling a person their
/// connection is down would send them to fix the wrong thing.
public enum RequestFailureKind: Sendable, Hashable {
    /// Nothing came back: no connection, a name that does not resolve, a timeout, a deadline.
    case noAnswer
    /// The service answered that the client asks too often: a 429, or a rate-limit page of the
    /// service or of the network in front of it.
    case rateLimited
    /// The service, or something in front of it, answered, but not with what was asked: an
    /// error status, a block page, a body of the wrong type, shape or size, a redirect the client
    /// will not follow.
    case badAnswer
    /// The request was refused before it was sent (a value the service cannot take).
    case notSent
}

/// An error that can say how its request failed (``RequestFailureKind``).
///
/// ``HTTPError`` adopts it. An error that wraps an `HTTPError` adopts it too, classifying its own
/// cases (a service's rate-limit body is ``RequestFailureKind/rateLimited`` whatever its status),
/// so a layer that knows no client's errors, such as a page cache's status line, can still tell
/// "offline" from "the service said no".
public protocol RequestFailure: Error {
    /// How the request failed.
    var requestFailureKind: RequestFailureKind { get }
}

extension HTTPError: RequestFailure {
    /// ``RequestFailureKind/noAnswer`` for the network and the deadline (and a cancellation),
    /// ``RequestFailureKind/rateLimited`` for a 429, ``RequestFailureKind/notSent`` for a request
    /// that could not be built, and ``RequestFailureKind/badAnswer`` for every other answer.
    public var requestFailureKind: RequestFailureKind {
        switch self {
        case .transport, .deadlineExceeded, .cancelled: .noAnswer
        case .status(let code, _, _) where code == 429: .rateLimited
        case .invalidRequest: .notSent
        case .status, .unexpectedContentType, .decoding, .bodyTooLarge, .rejected, .redirectRefused,
            .responseHeadersTooLarge:
            .badAnswer
        }
    }
}
