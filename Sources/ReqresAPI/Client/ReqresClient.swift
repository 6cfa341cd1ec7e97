import EndlessHTTP
import Foundation

/// Asks reqres.in (or a compatible server, such as the embedded simulator's `/reqres/api/`)
/// for its users, over an `HTTPClient`.
///
/// Every request carries the `x-api-key` header the service has required since 2025; the HTTP
/// layer's redactor keeps it out of every log, and every error this client throws has passed
/// that redactor with the key added. A 401 becomes ``ReqresError/missingAPIKey(message:howToGetOne:)``
/// and a 404 for one user ``ReqresError/noSuchUser(id:)``.
///
/// ```swift
/// let client = ReqresClient(http: HTTPClient(baseURL: ReqresClient.defaultBaseURL))
/// let page = try await client.users(page: 1)
/// let janet = try await client.user(id: 2).data
/// ```
public struct ReqresClient: Sendable {
    /// `https://reqres.in/api/`.
    public static let defaultBaseURL: URL = {
        // A literal that a test parses; there is no input that could make it fail here.
        guard let url = URL(string: "https://reqres.in/api/") else {
            preconditionFailure("the default base URL literal is not a URL")
        }
        return url
    }()
    /// The key reqres.in documents for free use.
    public static let freeAPIKey = "reqres-free-v1"
    /// The header the key travels in.
    public static let apiKeyHeader = "x-api-key"
    /// Page sizes the client asks for.
    public static let perPageRange = 1...1000
    /// Delays, in seconds, the client asks the server to hold its answer for.
    public static let delayRange = 0...10

    /// The HTTP client; its base URL is the API root every request goes below.
    public let http: HTTPClient
    /// The key sent in `x-api-key`; nil sends none.
    public let apiKey: String?

    /// Creates a client.
    /// - Parameters:
    ///   - http: an HTTP client whose base URL is the API root (`https://reqres.in/api/`).
    ///   - apiKey: the key to send, the free one by default; nil sends none.
    public init(http: HTTPClient, apiKey: String? = freeAPIKey) {
        self.http = http
        self.apiKey = apiKey
    }

    /// One page of users.
    /// - Parameters:
    ///   - page: the page, from 1.
    ///   - perPage: users per page; nil for the service's default (6).
    ///   - delay: seconds the server should wait before answering (the service's `delay`).
    /// - Returns: the page; its `data` is empty past the last page.
    /// - Throws: ``ReqresError``.
    public func users(page: Int, perPage: Int? = nil, delay: Int? = nil) async throws(ReqresError) -> ReqresUserList {
        guard page >= 1 else { throw .invalidRequest("page \(page) does not exist: pages start at 1") }
        if let perPage, !Self.perPageRange.contains(perPage) {
            throw .invalidRequest("\(perPage) users per page is out of range \(Self.perPageRange)")
        }
        var query = [URLQueryItem(name: "page", value: String(page))]
        if let perPage { query.append(URLQueryItem(name: "per_page", value: String(perPage))) }
        query += try delayItems(delay)
        let endpoint = Endpoint<ReqresUserList>(path: "users", query: query, headers: headers, accepting: .json) {
            response throws(ResponseRejection) in
            try Self.read(ReqresUserList.self, response) { $0.keeping($1) }
        }
        do {
            return try await http.send(endpoint)
        } catch {
            throw ReqresError(error).redacted(by: http.redactor(adding: [apiKey]))
        }
    }

    /// One user, by id.
    /// - Parameters:
    ///   - id: the user's number.
    ///   - delay: seconds the server should wait before answering.
    /// - Returns: the user and the service's support note.
    /// - Throws: ``ReqresError/noSuchUser(id:)`` for an id the service does not have, or another ``ReqresError``.
    public func user(id: Int, delay: Int? = nil) async throws(ReqresError) -> ReqresSingleUser {
        let query = try delayItems(delay)
        let endpoint = Endpoint<ReqresSingleUser>(path: "users/\(id)", query: query, headers: headers, accepting: .json) {
            response throws(ResponseRejection) in
            try Self.read(ReqresSingleUser.self, response) { $0.keeping($1) }
        }
        do {
            return try await http.send(endpoint)
        } catch {
            throw ReqresError(error, userID: id).redacted(by: http.redactor(adding: [apiKey]))
        }
    }

    /// Decodes a body and keeps it as sent; a body that is not the model is refused with the
    /// decoding error the HTTP layer would have given.
    private static func read<Model: Decodable>(
        _ type: Model.Type, _ response: HTTPResponse, keeping: (Model, RawJSON?) -> Model
    ) throws(ResponseRejection) -> Model {
        do throws(HTTPError) {
            let (model, body) = try RawJSON.decode(type, from: response.body)
            return keeping(model, body)
        } catch {
            throw ResponseRejection(error.description, underlying: ReqresError.http(error))
        }
    }

    private var headers: HTTPHeaders {
        var headers: HTTPHeaders = ["Accept": "application/json"]
        if let apiKey { headers[Self.apiKeyHeader] = apiKey }
        return headers
    }

    private func delayItems(_ delay: Int?) throws(ReqresError) -> [URLQueryItem] {
        guard let delay else { return [] }
        guard Self.delayRange.contains(delay) else {
            throw .invalidRequest("a delay of \(delay) s is out of range \(Self.delayRange)")
        }
        return [URLQueryItem(name: "delay", value: String(delay))]
    }
}
