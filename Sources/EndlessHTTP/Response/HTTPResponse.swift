import Foundation

/// A complete HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable {
    /// The status code, such as 200.
    public var statusCode: Int
    /// The response headers, with case-insensitive lookup.
    public var headers: HTTPHeaders
    /// The body, at most the client's body limit.
    public var body: Data
    /// The URL that answered, after any redirects, if known.
    public var url: URL?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The response headers.
    ///   - body: The body.
    ///   - url: The URL that answered.
    public init(statusCode: Int, headers: HTTPHeaders = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The `Content-Type` header as sent, if any, such as `image/jpeg` or
    /// `application/json; charset=utf-8`.
    public var contentType: String? { headers["Content-Type"] }

    /// The media type without parameters, lower-cased, such as `application/json`.
    public var mediaType: String? { contentType.map(AcceptedContentTypes.mediaType(of:)) }

    /// Whether the status is in 200...299.
    public var isSuccess: Bool { (200...299).contains(statusCode) }
}
