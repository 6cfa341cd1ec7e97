import EndlessHTTP

/// The `support` object reqres.in appends to its answers: a link and a line of text.
public struct ReqresSupport: Hashable, Sendable, Codable {
    /// The link, as sent.
    public let url: String?
    /// The line of text.
    public let text: String?

    /// Creates the object.
    /// - Parameters:
    ///   - url: the link.
    ///   - text: the line of text.
    public init(url: String?, text: String?) {
        self.url = url
        self.text = text
    }

    /// Reads it tolerantly: each field may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = container.lenientString(.url)
        text = container.lenientString(.text)
    }
}
