import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPError: CustomStringConvertible, LocalizedError {
    /// A sentence for a person: what went wrong and what to try.
    public var description: String {
        switch self {
        case .invalidRequest(let reason):
            return "Invalid request: \(reason). Nothing was sent; fix the address or parameters."
        case .transport(let code, let message):
            return Self.describeTransport(code: code, message: message)
        case .status(let code, let retryAfter, let snippet):
            return Self.describeStatus(code: code, retryAfter: retryAfter, snippet: snippet)
        case .unexpectedContentType(let contentType, let expected, let snippet):
            return "The server sent \(contentType.isEmpty ? "an unlabelled body" : contentType) where \(expected) "
                + "was expected; a proxy, captive portal or block page may be in the way, or the address "
                + "points at the wrong service."
                + Self.quoted(snippet)
        case .decoding(let path, let reason, let snippet):
            let location = path.isEmpty ? "at the top level" : "at \(path)"
            return "The response could not be read \(location): \(reason). The server's format may have "
                + "changed, or the address points at a different API or version."
                + Self.quoted(snippet)
        case .bodyTooLarge(let limit, let declared):
            let size = declared.map { "announced \(Self.bytes($0))" } ?? "kept coming past the limit"
            return "The response was too large: it \(size), and the limit is \(Self.bytes(Int64(limit))). "
                + "The transfer was stopped; raise the limit if such large responses are expected."
        case .rejected(let rejection):
            return "The response was refused: \(rejection.reason)."
                + (rejection.isRetryable ? " This is usually temporary; try again." : "")
        case .deadlineExceeded(let deadline):
            return "No complete response within \(Self.seconds(deadline)), retries included. The server "
                + "may be slow or unreachable; try again later or allow a longer timeout."
        case .cancelled:
            return "The request was cancelled before it finished."
        case .redirectRefused(let from, let to, let reason):
            return Self.describeRedirect(from: from, to: to, reason: reason)
        case .responseHeadersTooLarge(let detail):
            let said = detail.isEmpty ? "" : " (\(BodySnippet.sanitize(detail, limit: 160)))"
            return "The server's response headers were too large to read: the HTTP library accepts at most "
                + "100 KiB for one header and 300 KiB in all. The transfer was stopped; the address may point at "
                + "a misbehaving server or proxy.\(said)"
        }
    }

    /// The same sentence as ``description``, for APIs that read `LocalizedError`.
    public var errorDescription: String? { description }

    /// The message of a ``transport(code:message:)`` error when an `https` request reached a
    /// server that answered in plain HTTP (the simulator, a local API).
    public static let plainHTTPServerMessage = "the server speaks plain HTTP: use http:// instead of https://"

    private static func describeTransport(code: URLError.Code, message: String) -> String {
        if message == plainHTTPServerMessage {
            return "The server speaks plain HTTP: use http:// instead of https://. [URLError \(code.rawValue)]"
        }
        let advice: String
        switch code {
        case .cannotConnectToHost:
            advice = "Could not connect to the server. Is it running, and are the host and port right?"
        case .cannotFindHost, .dnsLookupFailed:
            advice = "Could not find the server's address. Check the host name and your DNS or network."
        case .notConnectedToInternet:
            advice = "This machine is not connected to a network. Connect and try again."
        case .timedOut:
            advice = "The server stopped answering in time. Try again; if it persists, the server is overloaded or unreachable."
        case .networkConnectionLost:
            advice = "The connection dropped mid-transfer. Try again."
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            advice = "The secure (TLS) connection failed. Check the address, the system's certificates and the clock."
        case .badServerResponse:
            advice = "The server's answer was not valid HTTP. Check that the address points at an HTTP service."
        case .unsupportedURL:
            advice = "This kind of address is not supported. Use an http or https URL."
        default:
            advice = "The network request failed. Check your connection and the address, then try again."
        }
        let detail = message.isEmpty ? "" : " (\(BodySnippet.sanitize(message, limit: 160)))"
        return "\(advice) [URLError \(code.rawValue)]\(detail)"
    }

    private static func describeRedirect(from: String, to: String, reason: RedirectRefusal) -> String {
        let clean = { (url: String) in BodySnippet.sanitize(url, limit: 200) }
        switch reason {
        case .leavesHTTPS:
            return "The server at \(clean(from)) redirected to \(clean(to)), which is not encrypted (http, not https); "
                + "the redirect was not followed, so nothing was sent in clear text. Use an https address that "
                + "does not redirect, or ask the service's operator to fix the redirect."
        case .unsupportedScheme(let scheme):
            return "The server at \(clean(from)) redirected to \(clean(to)), a \(clean(scheme)): address, which "
                + "this client does not follow (only http and https). Check the URL."
        }
    }

    private static func describeStatus(code: Int, retryAfter: Duration?, snippet: String) -> String {
        let phrase = HTTPStatus.reasonPhrase(for: code).map { " \($0)" } ?? ""
        let advice: String
        switch code {
        case 400: advice = "The server refused the parameters; check them."
        case 401, 407: advice = "Authentication is required or was refused; check the credentials."
        case 403: advice = "Access is forbidden; check the credentials, or whether this client is blocked."
        case 404: advice = "Nothing is at this address; check the URL and path."
        case 408, 504: advice = "The server timed out; try again."
        case 429: advice = "Too many requests: the server is rate-limiting this client. Wait, then try again."
        case 500...599: advice = "The server failed; this is usually temporary, try again later."
        case 300...399: advice = "The server redirected in a way that was not followed; check the URL."
        default: advice = "The server did not accept the request."
        }
        let wait = retryAfter.map { " The server asked to wait \(seconds($0))." } ?? ""
        return "HTTP \(code)\(phrase). \(advice)\(wait)" + quoted(snippet)
    }

    private static func quoted(_ snippet: String) -> String {
        snippet.isEmpty ? "" : " Server said: \(snippet)"
    }

    static func seconds(_ duration: Duration) -> String {
        let (whole, attoseconds) = duration.components
        if attoseconds == 0 { return "\(whole) s" }
        let value = Double(whole) + Double(attoseconds) / 1e18
        return String(format: "%.3g s", value)
    }

    static func bytes(_ count: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where count >= size {
            let value = Double(count) / Double(size)
            return value == value.rounded() ? "\(Int64(value)) \(unit)" : String(format: "%.1f %@", value, unit)
        }
        return "\(count) bytes"
    }
}
