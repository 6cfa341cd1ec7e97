import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed description of one API call: what to send, and how to read the answer.
///
/// An endpoint is a value: build it once per request and hand it to ``HTTPClient/send(_:)``.
/// Its path is appended to the client's base URL, its query items are percent-encoded, and
/// its response is decoded as JSON into `Response`.
///
/// ```swift
/// let page = Endpoint<UsersPage>(
///     path: "",                                   // the base URL itself
///     query: [URLQueryItem(name: "results", value: "20"), URLQueryItem(name: "seed", value: "abc")],
///     validate: { page throws(ResponseRejection) in
///         if page.results.isEmpty { throw ResponseRejection("empty page", retryable: true) }
///     })
/// let users = try await client.send(page)
/// ```
public struct Endpoint<Response: Decodable & Sendable>: Sendable {
    /// The request method. Only idempotent methods are retried.
    public var method: HTTPMethod
    /// The path below the client's base URL, as plain text; it is percent-encoded when sent.
    /// A leading `/` is ignored, so the path always stays below the base URL.
    public var path: String
    /// Query items in order. Names and values are plain text; they are percent-encoded when
    /// sent, including `+` (as `%2B`), `&`, `=` and `#`.
    public var queryItems: [URLQueryItem]
    /// Request headers. An `Accept` header is added from ``acceptedContentTypes`` unless set.
    public var headers: HTTPHeaders
    /// The request body, if any.
    public var body: Data?
    /// The decoder for the response body.
    public var decoder: JSONDecoder
    /// The media types accepted in a successful response; others fail with
    /// ``HTTPError/unexpectedContentType(contentType:expected:snippet:)``.
    public var acceptedContentTypes: AcceptedContentTypes
    /// A check on the decoded response. Throw a ``ResponseRejection`` to refuse it, marked
    /// retryable when trying again may help.
    public var validate: (@Sendable (Response) throws(ResponseRejection) -> Void)?
    /// Reads a successful response in place of ``decoder`` and ``validate``, when set.
    public var reader: (@Sendable (HTTPResponse) throws(ResponseRejection) -> Response)?

    /// Creates an endpoint.
    ///
    /// - Parameters:
    ///   - method: The request method; `GET` by default.
    ///   - path: The path below the base URL, as plain text (`""` for the base URL itself).
    ///   - query: Query items, in order, as plain text.
    ///   - headers: Request headers.
    ///   - body: The request body.
    ///   - decoder: The JSON decoder for the response.
    ///   - accepting: Media types accepted in the response; JSON by default.
    ///   - validate: A check on the decoded response that may refuse it.
    public init(
        _ method: HTTPMethod = .get,
        path: String,
        query: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        decoder: JSONDecoder = JSONDecoder(),
        accepting: AcceptedContentTypes = .json,
        validate: (@Sendable (Response) throws(ResponseRejection) -> Void)? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = query
        self.headers = headers
        self.body = body
        self.decoder = decoder
        self.acceptedContentTypes = accepting
        self.validate = validate
    }

    /// Creates an endpoint that reads each successful response itself.
    ///
    /// For services whose answers need more than a JSON decoder: one that reports errors
    /// inside a 200 body, or answers with an HTML page where JSON was expected. The reader
    /// sees the status, headers and whole body of every 2xx response; a rejection it throws
    /// is retried like a failed status when it is marked retryable.
    ///
    /// - Parameters:
    ///   - method: The request method; `GET` by default.
    ///   - path: The path below the base URL, as plain text (`""` for the base URL itself).
    ///   - query: Query items, in order, as plain text.
    ///   - headers: Request headers, e.g. an `Accept` for the type the reader prefers.
    ///   - body: The request body.
    ///   - accepting: Media types accepted in the response; anything by default, since the
    ///     reader judges the body.
    ///   - read: Turns a 2xx response into the value, or refuses it.
    public init(
        _ method: HTTPMethod = .get,
        path: String,
        query: [URLQueryItem] = [],
        headers: HTTPHeaders = [:],
        body: Data? = nil,
        accepting: AcceptedContentTypes = .any,
        read: @escaping @Sendable (HTTPResponse) throws(ResponseRejection) -> Response
    ) {
        self.init(method, path: path, query: query, headers: headers, body: body, accepting: accepting)
        self.reader = read
    }

    /// The URL this endpoint requests below `baseURL`.
    ///
    /// - Parameter baseURL: An http or https URL without query or fragment, such as
    ///   `https://randomuser.me/api/`.
    /// - Returns: The full, percent-encoded URL.
    /// - Throws: ``HTTPError/invalidRequest(reason:)`` when the base URL or path is unusable.
    public func url(relativeTo baseURL: URL) throws(HTTPError) -> URL {
        try URLBuilder.url(base: baseURL, path: path, query: queryItems)
    }

    /// The `URLRequest` this endpoint sends below `baseURL`, before the client's own settings
    /// (such as its timeout) are applied.
    ///
    /// - Parameter baseURL: An http or https URL without query or fragment.
    /// - Returns: The request with method, URL, headers and body.
    /// - Throws: ``HTTPError/invalidRequest(reason:)`` when the base URL or path is unusable.
    public func urlRequest(relativeTo baseURL: URL) throws(HTTPError) -> URLRequest {
        var headers = self.headers
        if headers["Accept"] == nil, let accept = acceptedContentTypes.acceptHeaderValue {
            headers["Accept"] = accept
        }
        return URLRequest.make(method: method, url: try url(relativeTo: baseURL), headers: headers, body: body)
    }

    /// Reads a successful response: with ``reader`` when set, otherwise by decoding the body
    /// and validating the result.
    func read(_ response: HTTPResponse) -> Result<Response, HTTPError> {
        if let reader {
            do {
                return .success(try reader(response))
            } catch {
                return .failure(.rejected(error))
            }
        }
        return decode(response.body)
    }

    /// Decodes and validates a successful response body.
    func decode(_ body: Data) -> Result<Response, HTTPError> {
        let value: Response
        do {
            value = try decoder.decode(Response.self, from: body)
        } catch {
            return .failure(.decoding(error, body: body))
        }
        do {
            try validate?(value)
        } catch {
            return .failure(.rejected(error))
        }
        return .success(value)
    }
}

extension URLRequest {
    /// A request with exactly these parts; caching is off because the client decides what to
    /// repeat, and a cached answer would hide the server's real state from retries.
    static func make(method: HTTPMethod, url: URL, headers: HTTPHeaders, body: Data?) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = method.rawValue
        for field in headers {
            request.addValue(field.value, forHTTPHeaderField: field.name)
        }
        request.httpBody = body
        return request
    }
}
