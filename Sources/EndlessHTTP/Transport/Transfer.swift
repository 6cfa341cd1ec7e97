import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's progress: the response head, the body so far, and the caller waiting for
/// the outcome. The transport feeds it (URLSession's delegate from its queue, CurlTransport's
/// callbacks from its thread); the caller's task attaches to it and may cancel it; whichever
/// finishes it first decides the outcome.
final class Transfer: Sendable {
    typealias Outcome = Result<HTTPResponse, HTTPError>

    /// What a received response head asks of the delegate.
    enum Verdict: Equatable {
        case proceed
        case cancelTask
    }

    private struct State {
        var head: HTTPResponse?
        var body = Data()
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
        var expected: Int64?
    }

    let limit: Int
    /// Which headers stay behind on a redirect to another origin, and who hears of each hop.
    let redirects: RedirectHandling
    private let state = Mutex(State())
    /// Hears the body's progress (``TransferProgress``); nil for nobody.
    private let progress: TransferProgress.Observer?

    init(
        limit: Int, redirects: RedirectHandling = .default,
        progress: TransferProgress.Observer? = nil
    ) {
        self.limit = limit
        self.redirects = redirects
        self.progress = progress
    }

    /// The outcome, if the transfer is over.
    var outcome: Outcome? { state.withLock { $0.outcome } }

    /// Waits for the outcome; returns at once if the transfer is already over.
    func attach(_ continuation: CheckedContinuation<Outcome, Never>) {
        let ready = state.withLock { state -> Outcome? in
            guard let outcome = state.outcome else {
                state.waiter = continuation
                return nil
            }
            return outcome
        }
        if let ready { continuation.resume(returning: ready) }
    }

    /// Ends the transfer with `outcome` unless it has already ended.
    ///
    /// - Returns: Whether this call decided the outcome.
    @discardableResult
    func finish(_ outcome: Outcome) -> Bool {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>?? in
            guard state.outcome == nil else { return .none }
            state.outcome = outcome
            guard let waiter = state.waiter else { return .some(nil) }
            state.waiter = nil
            return .some(waiter)
        }
        guard case .some(let continuation) = waiter else { return false }
        continuation?.resume(returning: outcome)
        return true
    }

    /// Records the response head; refuses it when its `Content-Length` is over the limit.
    func receive(head: HTTPResponse, expectedLength: Int64) -> Verdict {
        let declared = Self.declaredLength(head, expected: expectedLength)
        if let declared, declared > Int64(limit) {
            finish(.failure(.bodyTooLarge(limit: limit, declaredLength: declared)))
            return .cancelTask
        }
        let finished = state.withLock { state -> Bool in
            state.head = head
            state.expected = declared
            if let declared, declared > 0, state.body.isEmpty {
                state.body.reserveCapacity(Int(declared))
            }
            return state.outcome != nil
        }
        return finished ? .cancelTask : .proceed
    }

    /// Appends body bytes; stops the transfer as soon as the total passes the limit.
    func receive(data: Data) -> Verdict {
        let overLimit = state.withLock { state -> (Bool, Int, Int64?)? in
            guard state.outcome == nil else { return nil }
            if state.body.count + data.count > limit { return (true, 0, nil) }
            state.body.append(data)
            return (false, state.body.count, state.expected)
        }
        switch overLimit {
        case .none: return .cancelTask
        case .some((true, _, _)):
            finish(.failure(.bodyTooLarge(limit: limit, declaredLength: nil)))
            return .cancelTask
        case .some((false, let received, let expected)):
            progress?(received, expected)
            return .proceed
        }
    }

    /// The request to send for a redirect, by ``RedirectPolicy``: the proposed one, without
    /// credentials if it leaves the origin (the hop is reported); nil when the redirect is
    /// refused, which ends the transfer with ``HTTPError/redirectRefused(from:to:reason:)``.
    /// - Parameters:
    ///   - status: the redirect's status.
    ///   - previous: the URL that redirected.
    ///   - next: the request URLSession proposes.
    func redirect(status: Int, from previous: URL?, to next: URLRequest) -> URLRequest? {
        switch RedirectPolicy.decide(status: status, from: previous, to: next, redactor: redirects.redactor) {
        case .follow(let request, let hop):
            redirects.report(hop)
            return request
        case .refuse(let reason):
            let from = previous.map(redirects.redactor.redact) ?? ""
            let to = next.url.map(redirects.redactor.redact) ?? ""
            finish(.failure(.redirectRefused(from: from, to: to, reason: reason)))
            return nil
        }
    }

    /// Ends the transfer with what has been received, or with the task's error.
    /// - Parameters:
    ///   - error: the task's error, nil when it completed.
    ///   - url: the request's URL, which tells a TLS failure against a plain-HTTP server.
    func complete(error: (any Error)?, url: URL? = nil) {
        if let error {
            let headReceived = state.withLock { $0.head != nil }
            finish(.failure(Self.map(error, url: url, headReceived: headReceived)))
            return
        }
        let response = state.withLock { state -> HTTPResponse? in
            guard var head = state.head else { return nil }
            head.body = state.body
            return head
        }
        guard let response else {
            finish(.failure(.transport(code: .badServerResponse, message: "the connection ended without a response")))
            return
        }
        finish(.success(response))
    }

    /// The `Content-Length` the server announced, if it is a number.
    private static func declaredLength(_ head: HTTPResponse, expected: Int64) -> Int64? {
        if let header = head.headers["Content-Length"], let length = Int64(header.trimmingWhitespace()) {
            return length
        }
        return expected >= 0 ? expected : nil
    }

    /// A task's error as an ``HTTPError``; an `https` request answered in plain HTTP says so,
    /// and so does a response whose headers libcurl refused for their size.
    /// - Parameters:
    ///   - error: the task's error.
    ///   - url: the request's URL.
    ///   - headReceived: whether the response's headers had arrived whole.
    static func map(_ error: any Error, url: URL? = nil, headReceived: Bool = true) -> HTTPError {
        let mapped = map(error)
        guard case .transport(let code, let message) = mapped else { return mapped }
        let lowered = message.lowercased()
        if url?.scheme?.lowercased() == "https", plainHTTPSignatures.contains(where: { lowered.contains($0) }) {
            return .transport(code: .secureConnectionFailed, message: HTTPError.plainHTTPServerMessage)
        }
        if code == .unknown || code == .badServerResponse {
            if headerSizeSignatures.contains(where: { lowered.contains($0) }) {
                return .responseHeadersTooLarge(detail: message)
            }
            if !headReceived, lowered.contains(headerOutOfMemorySignature) {
                // "Out of memory" would only mislead: say what it stands for.
                return .responseHeadersTooLarge(detail: "a header field over 100 KiB")
            }
        }
        return mapped
    }

    /// How libcurl words a response header section over its limits (300 KiB in all; curl 8
    /// also for one field over 100 KiB).
    static let headerSizeSignatures = ["too large response headers", "bytes header (max is", "grew larger than allowed"]
    /// How libcurl 7 reports one header field over 100 KiB: `CURLE_OUT_OF_MEMORY`, whose
    /// message says nothing of headers. Before the headers have arrived, that is what it means.
    static let headerOutOfMemorySignature = "out of memory"

    /// How OpenSSL reports a handshake answered with something that is not TLS, such as
    /// `HTTP/1.1 400`: the record header's version bytes are text.
    static let plainHTTPSignatures = ["wrong version number", "packet length too long"]

    private static func map(_ error: any Error) -> HTTPError {
        if let error = error as? HTTPError { return error }
        if let urlError = error as? URLError {
            if urlError.code == .cancelled { return .cancelled }
            return .transport(code: urlError.code, message: message(of: urlError as NSError))
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            #if canImport(FoundationNetworking)
                let code = URLError.Code(rawValue: nsError.code) ?? .unknown
            #else
                let code = URLError.Code(rawValue: nsError.code)
            #endif
            if code == .cancelled { return .cancelled }
            return .transport(code: code, message: message(of: nsError))
        }
        return .transport(code: .unknown, message: String(describing: error))
    }

    /// The system's own wording, unless it is the generic "could not be completed" filler
    /// that only repeats the code.
    private static func message(of error: NSError) -> String {
        let text = error.localizedDescription
        return text.hasPrefix("The operation could not be completed") ? "" : text
    }
}
