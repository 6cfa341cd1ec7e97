/// The media types a caller accepts in a successful response.
///
/// A pattern is a media type (`application/json`), a type wildcard (`image/*`), a structured
/// syntax suffix (`application/*+json`, which matches `application/problem+json`) or `*/*`.
/// Parameters such as `; charset=utf-8` are ignored, and so is case. A response without a
/// `Content-Type` is accepted: the decoder will tell whether the body is what was expected.
public struct AcceptedContentTypes: Sendable, Hashable, CustomStringConvertible {
    /// The patterns, lower-cased, in the order they were given.
    public let patterns: [String]

    /// Creates a set of accepted media types.
    ///
    /// - Parameter patterns: Media type patterns; an empty list accepts anything.
    public init(_ patterns: [String]) {
        self.patterns = patterns.map { $0.trimmingWhitespace().lowercased() }
    }

    /// JSON in its usual spellings: `application/json`, `text/json` and `application/*+json`.
    public static let json = AcceptedContentTypes(["application/json", "text/json", "application/*+json"])

    /// Any media type at all: for raw downloads that check the bytes themselves.
    public static let any = AcceptedContentTypes([])

    /// Images of any format, such as `image/jpeg` and `image/png`.
    public static let images = AcceptedContentTypes(["image/*"])

    /// Whether a response with this `Content-Type` header value is acceptable.
    ///
    /// - Parameter contentType: The header value, or `nil` when the response had none.
    /// - Returns: `true` when any pattern matches, or when nothing was declared.
    public func accepts(_ contentType: String?) -> Bool {
        guard !patterns.isEmpty, let mediaType = contentType.map(Self.mediaType(of:)), !mediaType.isEmpty else {
            return true
        }
        return patterns.contains { Self.pattern($0, matches: mediaType) }
    }

    /// The value for an `Accept` request header, or `nil` when anything is accepted.
    ///
    /// Suffix patterns such as `application/*+json` have no `Accept` syntax, so they are left
    /// out of the header while still being accepted in the response.
    public var acceptHeaderValue: String? {
        let expressible = patterns.filter { !$0.contains("*+") }
        return expressible.isEmpty ? nil : expressible.joined(separator: ", ")
    }

    /// The patterns separated by commas, or `*/*`.
    public var description: String {
        patterns.isEmpty ? "*/*" : patterns.joined(separator: ", ")
    }

    /// The `type/subtype` part of a header value, lower-cased, without parameters.
    static func mediaType(of headerValue: String) -> String {
        let essence = headerValue.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(essence).trimmingWhitespace().lowercased()
    }

    private static func pattern(_ pattern: String, matches mediaType: String) -> Bool {
        if pattern == "*/*" || pattern == mediaType { return true }
        let patternParts = pattern.split(separator: "/", maxSplits: 1)
        let typeParts = mediaType.split(separator: "/", maxSplits: 1)
        guard patternParts.count == 2, typeParts.count == 2, patternParts[0] == typeParts[0] else {
            return false
        }
        let wantedSubtype = patternParts[1]
        if wantedSubtype == "*" { return true }
        if wantedSubtype.hasPrefix("*+") {
            return typeParts[1].hasSuffix(wantedSubtype.dropFirst())
        }
        return false
    }
}
