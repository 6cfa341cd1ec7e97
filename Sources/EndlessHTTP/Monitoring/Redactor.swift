import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hides secrets in URLs, headers and free text before they reach a log line, a cURL
/// command, an error message or a terminal.
///
/// Headers are redacted by name (`Authorization`, `Cookie`, ...) or when the name contains a
/// secret-like word (`X-Api-Key`, `X-Auth-Token`). Query items are redacted when their name
/// contains, in any case, one of ``secretQueryNameFragments`` (so `api_key`, `access_token`
/// and `client_secret` all are). A password in the URL's user-info is redacted too.
///
/// A redactor also knows literal ``secrets``: the keys of this run (given by flag or
/// environment) and the credentials a request carries (``addingSecrets(of:)``). Free text
/// (``redact(text:)``: an error body, a usage error, a status line) loses every one of them,
/// and every value that stands where a secret stands: after a secret header or JSON name, in a
/// secret query item, in a URL's password. How a literal secret is matched depends on its
/// length, so that a short one cannot blank out ordinary words:
/// - ``minimumAnywhereLength`` (8) characters or more: wherever it occurs;
/// - ``minimumSecretLength`` (4) to 7: only as a whole word (not inside a longer run of
///   letters, digits, `-` or `_`);
/// - shorter: never in free text, only where its position says it is a secret.
public struct Redactor: Sendable {
    /// Header names whose values are always hidden, lower-cased.
    public var secretHeaderNames: Set<String>
    /// Words that make a header or query item name secret when they appear in it, lower-cased.
    public var secretQueryNameFragments: [String]
    /// What a hidden value is replaced with.
    public var replacement: String
    /// The literal secrets hidden wherever they appear in free text, longest first, each with
    /// its percent-encoded form when that differs. Add to them with ``adding(secrets:)``.
    public private(set) var secrets: [String] = []

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
    /// Literal secrets shorter than this are never looked for in free text: a key `ab` would
    /// otherwise blank out every word with those letters.
    public static let minimumSecretLength = 4
    /// Literal secrets at least this long are hidden wherever they occur; shorter ones only as
    /// whole words.
    public static let minimumAnywhereLength = 8

    /// Creates a redactor.
    ///
    /// - Parameters:
    ///   - secretHeaderNames: Header names always hidden (any case).
    ///   - secretQueryNameFragments: Words that make a query item or header name secret.
    ///   - replacement: The text shown instead of a secret.
    ///   - secrets: Literal secrets to hide in free text, such as this run's API keys.
    public init(
        secretHeaderNames: Set<String> = defaultSecretHeaderNames,
        secretQueryNameFragments: [String] = defaultSecretQueryNameFragments,
        replacement: String = defaultReplacement,
        secrets: [String] = []
    ) {
        self.secretHeaderNames = Set(secretHeaderNames.map { $0.lowercased() })
        self.secretQueryNameFragments = secretQueryNameFragments.map { $0.lowercased() }
        self.replacement = replacement
        self = adding(secrets: secrets)
    }

    /// This redactor, also hiding `secrets` in free text.
    ///
    /// - Parameter newSecrets: Literal secret values; empty ones and ones already known are ignored.
    /// - Returns: The redactor with the secrets added.
    public func adding(secrets newSecrets: some Sequence<String>) -> Redactor {
        var known = Set(secrets)
        var copy = self
        for secret in newSecrets where !secret.isEmpty {
            for form in [secret, Self.percentEncoded(secret)] where known.insert(form).inserted {
                copy.secrets.append(form)
            }
        }
        // Longest first, so that a secret containing another is hidden whole.
        copy.secrets.sort { $0.utf8.count > $1.utf8.count }
        return copy
    }

    /// This redactor, also hiding the credentials `request` carries: the values of its secret
    /// headers (and the credentials after an `Authorization` scheme such as `Client-ID`), of
    /// its secret query items, and its URL's password. An error that quotes what the server
    /// echoed of the request then quotes none of them.
    ///
    /// - Parameter request: The request about to be sent.
    /// - Returns: The redactor with the request's secrets added.
    public func addingSecrets(of request: URLRequest) -> Redactor {
        var found: [String] = []
        for (name, value) in request.allHTTPHeaderFields ?? [:] where isSecretHeader(name) {
            found.append(contentsOf: Self.credentials(inHeaderValue: value))
        }
        if let url = request.url { found.append(contentsOf: secrets(inURL: url.absoluteString)) }
        return adding(secrets: found)
    }

    /// Whether a header's value must be hidden.
    ///
    /// - Parameter name: The header name, in any case.
    /// - Returns: `true` for secret header names and names containing a secret word.
    public func isSecretHeader(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if secretHeaderNames.contains(lowered) { return true }
        let normalized =
            Self.isASCII(lowered)
            ? String(decoding: lowered.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
            : lowered.replacingOccurrences(of: "-", with: "_")
        return secretQueryNameFragments.contains { Self.text(normalized, contains: $0) }
    }

    /// Whether a query item's value must be hidden.
    ///
    /// - Parameter name: The query item name, in any case, percent-decoded.
    /// - Returns: `true` when the name contains a secret word.
    public func isSecretQueryItem(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretQueryNameFragments.contains { Self.text(lowered, contains: $0) }
    }

    /// The headers with secret values replaced.
    ///
    /// - Parameter headers: Request or response headers.
    /// - Returns: The same fields, in order, with secret values hidden.
    public func redact(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(
            headers.map { field in
                isSecretHeader(field.name) ? HTTPHeaders.Field(name: field.name, value: replacement) : field
            })
    }

    /// The URL as text with secret query values and any user-info password replaced.
    ///
    /// - Parameter url: The request URL.
    /// - Returns: The URL's text, otherwise unchanged (the encoding is kept as sent).
    public func redact(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return redact(text: url.absoluteString)
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
        return redact(text: text.replacingOccurrences(of: Self.placeholder, with: replacement))
    }

    private static let placeholder = "ENDLESSREDACTEDSECRET"

    private func redactQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = String(parts[0])
            let name = Self.percentDecoded(rawName)
            guard parts.count == 2, isSecretQueryItem(name) else { return String(pair) }
            return rawName + "=" + Self.placeholder
        }.joined(separator: "&")
    }

    /// Whether `text` holds `fragment`. When both are ASCII (as names, URLs and the fragments
    /// nearly always are), by their bytes, which finds what a search by characters finds (ASCII
    /// has no other equivalent forms), or more. Otherwise by Foundation's search, which compares
    /// equivalent forms alike. Foundation's goes through `NSString` at each call, and a request's
    /// URL and headers are searched a dozen times as it starts (issue 29). An empty fragment is
    /// in no text, as Foundation answers, so it does not make every name secret.
    static func text(_ text: String, contains fragment: String) -> Bool {
        guard !fragment.isEmpty else { return false }
        guard isASCII(text), isASCII(fragment) else { return text.contains(fragment) }
        return firstRange(of: Array(fragment.utf8), in: text.utf8) != nil
    }

    /// Whether `text` is all ASCII.
    static func isASCII<Text: StringProtocol>(_ text: Text) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// The first range of `pattern` in `bytes`: what `Collection.firstRange(of:)` answers,
    /// without its generic code, which is not specialized across modules and cost more than
    /// Foundation's search.
    static func firstRange<Bytes: Collection<UInt8>>(of pattern: [UInt8], in bytes: Bytes) -> Range<Bytes.Index>? {
        guard let first = pattern.first else { return bytes.startIndex..<bytes.startIndex }
        var start = bytes.startIndex
        while let candidate = bytes[start...].firstIndex(of: first) {
            var index = candidate
            var matched = 0
            while matched < pattern.count, index < bytes.endIndex, bytes[index] == pattern[matched] {
                bytes.formIndex(after: &index)
                matched += 1
            }
            if matched == pattern.count { return candidate..<index }
            start = bytes.index(after: candidate)
        }
        return nil
    }

    /// `text` percent-decoded, or as it is when that fails; text without a `%` is left alone
    /// without asking Foundation.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The secrets a header value carries: the whole value and, after a scheme such as
    /// `Bearer` or `Client-ID`, the credentials alone.
    static func credentials(inHeaderValue value: String) -> [String] {
        let trimmed = value.trimmingWhitespace()
        var found = [trimmed]
        if let space = trimmed.firstIndex(of: " ") {
            let credentials = String(trimmed[space...]).trimmingWhitespace()
            if !credentials.isEmpty { found.append(credentials) }
        }
        return found
    }

    /// `text`'s percent-encoded form, as it appears in a URL's query.
    private static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: "\u{0}"..."\u{7F}"))
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
