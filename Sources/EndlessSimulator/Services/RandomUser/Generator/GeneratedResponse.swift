/// One generated answer.
public struct GeneratedResponse: Sendable {
    /// The response body in the requested format.
    public var body: [UInt8]
    /// The `Content-Type` the live service sends for this format.
    public var contentType: String
    /// How many users the body holds (what the rate limit counts).
    public var userCount: Int
    /// Set when the query asked for a download (`dl`): the attachment's file name.
    public var attachmentFilename: String?

    /// Creates a response.
    /// - Parameters:
    ///   - body: the body bytes.
    ///   - contentType: the `Content-Type` header value.
    ///   - userCount: how many users the body holds.
    ///   - attachmentFilename: the `Content-Disposition` file name, when the query asked for `dl`.
    public init(body: [UInt8], contentType: String, userCount: Int, attachmentFilename: String? = nil) {
        self.body = body
        self.contentType = contentType
        self.userCount = userCount
        self.attachmentFilename = attachmentFilename
    }
}
