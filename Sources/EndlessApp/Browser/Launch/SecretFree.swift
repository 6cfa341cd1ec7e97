import EndlessHTTP
import Foundation

/// Text made fit to be written to disk (a launch screen's key, a page cache's variant): the
/// same text with its secrets taken out, and otherwise unchanged.
///
/// A name is a secret's when `Redactor.isSecretQueryItem` says so (`key`, `token`, `secret`,
/// `client_id`… in any case, in `--access-key`, `api_key`, `UNSPLASH_ACCESS_KEY`). Taken out:
/// the value of a secret `name=value`; in a URL, the user name and password and the value of
/// every secret query item; in a query string (`a=1&client_id=x`), the secret items' values.
/// Each becomes ``standIn``.
enum SecretFree {
    /// What a secret value becomes.
    static let standIn = "<secret>"

    /// Whether a value named `name` (an option, `--access-key`, or a variable) is a secret.
    static func isSecretName(_ name: String) -> Bool {
        Redactor.default.isSecretQueryItem(name.hasPrefix("--") ? String(name.dropFirst(2)) : name)
    }

    /// A value cleaned: a URL (``url(_:)``), a query string (``query(_:)``), or as it is.
    static func value(_ text: String) -> String {
        if text.contains("://") { return url(text) }
        if text.contains("=") { return query(text) }
        return text
    }

    /// A URL without user-info and with secret query values taken out; one that does not parse
    /// but might hold user-info is replaced whole.
    static func url(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.host != nil else {
            return text.contains("@") ? standIn : text
        }
        if components.user == nil, components.password == nil,
            !(components.queryItems ?? []).contains(where: { Redactor.default.isSecretQueryItem($0.name) })
        {
            return text
        }
        components.user = nil
        components.password = nil
        // URLComponents traps on a percent-encoded query that is not valid URL text: the
        // stand-in goes in encoded.
        if let query = components.percentEncodedQuery {
            components.percentEncodedQuery = self.query(query, standIn: encodedStandIn)
        }
        return components.string ?? standIn
    }

    /// `a=1&client_id=x` as `a=1&client_id=<secret>`: pairs split at `&`, each secret one's
    /// value replaced.
    static func query(_ text: String, standIn: String = standIn) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            guard parts.count == 2, Redactor.default.isSecretQueryItem(name) else { return String(pair) }
            return parts[0] + "=" + standIn
        }.joined(separator: "&")
    }

    /// ``standIn`` as URL text.
    static let encodedStandIn = "%3Csecret%3E"

    /// Text of words separated by spaces (a cache variant: `https://host/api/ nat=nl`), each
    /// word cleaned as a value.
    static func words(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { value(String($0)) }.joined(separator: " ")
    }
}
