import Foundation

/// Hides secrets in URLs and headers before they reach a log line or a cURL command.
///
/// Headers are redacted by name (`Authorization`, `Cookie`, ...) or when the name contains a
/// secret-like word (`X-Api-Key`, `X-Auth-Token`). Query items are redacted when their name
/// contains, in any case, one of ``secretQueryNameFragments`` (so `api_key`, `access_token`
/// and `client_secret` all are). A password in the URL's user-info is redacted too.
public struct Redactor: Sendable {
    /// Header names whose values are always hidden, lower-cased.
    public var secretHeaderNames: Set<String>
    /// Words that make a header or query item name secret when they appear in it, lower-cased.
    public var secretQueryNameFragments: [String]
    /// What a hidden value is replaced with.
    public var replacement: String

    /// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`.
    public static let defaultSecretHeaderNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    /// key, token, secret, signature, client_id, password, passwd and session.
    public static let defaultSecretQueryNameFragments = [
        "key", "token", "secret", "signature", "client_id", "password", "passwd", "session",
    ]
    /// `<redacted>`.
    public static let defaultReplacement = "<redacted>"
    /// The defaults above.
    public static let `default` = Redactor()

    /// Creates a redactor.
    ///
    /// - Parameters:
    ///   - secretHeaderNames: Header names always hidden (any case).
    ///   - secretQueryNameFragments: Words that make a query item or header name secret.
    ///   - replacement: The text shown instead of a secret.
    public init(
        secretHeaderNames: Set<String> = defaultSecretHeaderNames,
        secretQueryNameFragments: [String] = defaultSecretQueryNameFragments,
        replacement: String = defaultReplacement
    ) {
        self.secretHeaderNames = Set(secretHeaderNames.map { $0.lowercased() })
        self.secretQueryNameFragments = secretQueryNameFragments.map { $0.lowercased() }
        self.replacement = replacement
    }

    /// Whether a header's value must be hidden.
    ///
    /// - Parameter name: The header name, in any case.
    /// - Returns: `true` for secret header names and names containing a secret word.
    public func isSecretHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if secretHeaderNames.contains(lowered) { return true }
        let normalized = lowered.replacingOccurrences(of: "-", with: "_")
        return secretQueryNameFragments.contains { normalized.contains($0) }
    }

    /// Whether a query item's value must be hidden.
    ///
    /// - Parameter name: The query item name, in any case, percent-decoded.
    /// - Returns: `true` when the name contains a secret word.
    public func isSecretQueryItem(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretQueryNameFragments.contains { lowered.contains($0) }
    }

    /// The headers with secret values replaced.
    ///
    /// - Parameter headers: Request or response headers.
    /// - Returns: The same fields, in order, with secret values hidden.
    public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { field in
            isSecretHeader(field.name) ? HTTPHeaders.Field(name: field.name, value: replacement) : field
        })
    }

    /// The URL as text with secret query values and any user-info password replaced.
    ///
    /// - Parameter url: The request URL.
    /// - Returns: The URL's text, otherwise unchanged (the encoding is kept as sent).
    public func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return url.absoluteString
        }
        // URLComponents only takes valid URL text, and the replacement (`<redacted>`) is not;
        // a URL-safe stand-in is swapped for it once the text is built.
        if components.percentEncodedPassword != nil {
            components.percentEncodedPassword = Self.placeholder
        }
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = redactQuery(query)
        }
        let text = components.string ?? url.absoluteString
        return text.replacingOccurrences(of: Self.placeholder, with: replacement)
    }

    private static let placeholder = "ENDLESSREDACTEDSECRET"

    private func redactQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = String(parts[0])
            let name = rawName.removingPercentEncoding ?? rawName
            guard parts.count == 2, isSecretQueryItem(name) else { return String(pair) }
            return rawName + "=" + Self.placeholder
        }.joined(separator: "&")
    }
}
