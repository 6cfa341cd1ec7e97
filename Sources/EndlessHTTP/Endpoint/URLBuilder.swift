import Foundation

/// Builds request URLs from a base URL, a path and query items, percent-encoding each part
/// for where it goes, and refuses what cannot be a valid http(s) request URL.
///
/// Paths are always appended to the base URL's path (`https://randomuser.me/api/` and
/// `people` make `https://randomuser.me/api/people`), whether or not either has a slash at
/// the joint: RFC 3986 resolution would silently drop the base's last segment. Path and
/// query text is taken literally: `%` becomes `%25`, and `+` in a query value becomes `%2B`
/// because servers decode `+` in a query as a space.
enum URLBuilder {
    /// Unreserved characters (RFC 3986 §2.3): never encoded anywhere.
    private static let unreserved: Set<UInt8> = Set(
        Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            + Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + "-._~".utf8)

    /// What a path segment may hold unencoded: pchar without `;` (some servers split on it).
    private static let pathAllowed = unreserved.union("!$&'()*+,=:@".utf8)

    /// What a query name or value may hold unencoded. `&`, `=`, `+`, `#` and `;` separate or
    /// change meaning, so they are always encoded; `,`, `:`, `@`, `/` and `?` are legal in a
    /// query and keep lists such as `inc=name,email` readable.
    private static let queryAllowed = unreserved.union(",:@/?".utf8)

    /// Checks that `url` can serve as the base of request URLs.
    static func validateBase(_ url: URL, as typed: String? = nil) throws(HTTPError) -> URLComponents {
        // Sanitized for a message only: every request's URL is built on a checked base.
        func shown() -> String { BodySnippet.sanitize(typed ?? url.absoluteString, limit: 200) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest(reason: "the base URL \"\(shown())\" cannot be parsed")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest(
                reason: "the base URL \"\(shown())\" must start with http:// or https://")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidRequest(reason: "the base URL \"\(shown())\" has no host")
        }
        guard components.percentEncodedQuery == nil, components.fragment == nil else {
            throw .invalidRequest(
                reason: "the base URL \"\(shown())\" must not have a query or fragment; "
                    + "pass query items with the endpoint instead")
        }
        return components
    }

    /// Parses and validates a base URL typed by a person, such as a `--api` flag.
    static func parseBase(_ string: String) throws(HTTPError) -> URL {
        let trimmed = string.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .invalidRequest(reason: "the base URL is empty") }
        guard let url = URL(string: trimmed) else {
            throw .invalidRequest(reason: "\"\(BodySnippet.sanitize(trimmed, limit: 200))\" is not a valid URL")
        }
        _ = try validateBase(url, as: trimmed)
        return url
    }

    /// The URL for `path` and `query` relative to `base`.
    static func url(base: URL, path: String, query: [URLQueryItem]) throws(HTTPError) -> URL {
        var components = try validateBase(base)
        let relative = try encodePath(path)
        var fullPath = components.percentEncodedPath
        if fullPath.isEmpty { fullPath = "/" }
        if !relative.isEmpty {
            if !fullPath.hasSuffix("/") { fullPath += "/" }
            fullPath += relative
        }
        components.percentEncodedPath = fullPath
        components.percentEncodedQuery = query.isEmpty ? nil : encodeQuery(query)
        guard let url = components.url else {
            throw .invalidRequest(reason: "no valid URL results from path \"\(path)\" on \"\(base.absoluteString)\"")
        }
        return url
    }

    /// Checks an absolute URL given directly, such as a portrait's address.
    static func validateAbsolute(_ url: URL) throws(HTTPError) -> URL {
        // The URL is sanitized for the message only when there is one: every picture's request
        // passes here, and a valid URL needs no message.
        func shown() -> String { BodySnippet.sanitize(url.absoluteString, limit: 200) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidRequest(reason: "\"\(shown())\" is not an http or https URL")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidRequest(reason: "\"\(shown())\" has no host")
        }
        return url
    }

    /// The query string for `items`, in order, each name and value encoded.
    static func encodeQuery(_ items: [URLQueryItem]) -> String {
        items.map { item in
            let name = percentEncode(item.name, allowed: queryAllowed)
            guard let value = item.value else { return name }
            return name + "=" + percentEncode(value, allowed: queryAllowed)
        }.joined(separator: "&")
    }

    private static func encodePath(_ path: String) throws(HTTPError) -> String {
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .invalidRequest(reason: "the path \"\(BodySnippet.sanitize(path, limit: 200))\" contains control characters")
        }
        var trimmed = Substring(path)
        while trimmed.first == "/" { trimmed = trimmed.dropFirst() }
        let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            throw .invalidRequest(reason: "the path \"\(path)\" contains \".\" or \"..\" segments")
        }
        return segments.map { percentEncode(String($0), allowed: pathAllowed) }.joined(separator: "/")
    }

    static func percentEncode(_ text: String, allowed: Set<UInt8>) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + hexDigits[Int(byte >> 4)] + hexDigits[Int(byte & 0x0F)]
            }
        }
        return encoded
    }

    private static let hexDigits = "0123456789ABCDEF".map(String.init)
}
