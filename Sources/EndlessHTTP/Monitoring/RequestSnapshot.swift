import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as it may be shown to a person: method, URL and headers, secrets already hidden.
///
/// Every ``HTTPEvent`` carries one, so no monitor can leak a token by accident, and
/// ``curlCommand`` renders it as a command line to reproduce the request.
public struct RequestSnapshot: Sendable, CustomStringConvertible {
    /// The request method.
    public let method: HTTPMethod
    /// The URL, with secret query values and passwords replaced.
    public let url: String
    /// The headers, with secret values replaced.
    public let headers: HTTPHeaders
    /// The body's length in bytes (the body itself is never shown: it may hold credentials).
    public let bodyLength: Int

    /// Captures `request` with secrets replaced.
    ///
    /// - Parameters:
    ///   - request: The request as it will be sent.
    ///   - redactor: What counts as secret.
    public init(_ request: URLRequest, redactor: Redactor = .default) {
        method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        url = request.url.map(redactor.redact) ?? ""
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        self.headers = redactor.redact(headers)
        bodyLength = request.httpBody?.count ?? 0
    }

    /// The method and URL, such as `GET https://randomuser.me/api/?results=20`.
    public var description: String { "\(method) \(url)" }

    /// A `curl` command line that repeats the request, secrets replaced by `<redacted>` and
    /// any body by a placeholder of its length.
    public var curlCommand: String {
        var parts = ["curl"]
        if method != .get {
            // A method is free text in code; one that is not a plain token is quoted like the rest.
            let name = method.rawValue
            let isToken = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "-") }
            parts.append("-X " + (isToken ? name : Self.shellQuoted(name)))
        }
        parts.append(Self.shellQuoted(url))
        for field in headers {
            parts.append("-H " + Self.shellQuoted("\(field.name): \(field.value)"))
        }
        if bodyLength > 0 {
            parts.append("--data-binary " + Self.shellQuoted("<\(bodyLength) bytes>"))
        }
        return parts.joined(separator: " ")
    }

    /// `text` in single quotes for a POSIX shell, control characters removed.
    static func shellQuoted(_ text: String) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return "'" + printable.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
