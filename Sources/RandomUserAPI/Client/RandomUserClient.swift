import EndlessHTTP
import Foundation

/// Asks a randomuser.me-compatible API for pages of people, over an `HTTPClient`.
///
/// Everything the live service really sends becomes a typed ``RandomUserError``: transport
/// failures and statuses from the HTTP layer, and the service's own answers (its
/// `{"error": …}` bodies, HTML block pages, the 2026 empty-results fault, legacy 0.x bodies)
/// from ``RandomUserResponseReader``. Transient answers, the empty-results fault included,
/// go through the HTTP client's retry policy like a 503 would.
///
/// ```swift
/// let client = RandomUserClient(http: HTTPClient(baseURL: RandomUserQuery.defaultBaseURL))
/// let page = try await client.page(try RandomUserQuery(results: 20, seed: "endless"))
/// ```
public struct RandomUserClient: Sendable {
    /// The HTTP client; its base URL is the API every query goes to.
    public let http: HTTPClient

    /// Creates a client over `http`.
    /// - Parameter http: an HTTP client whose base URL is the API root, e.g.
    ///   `https://randomuser.me/api/` or the embedded simulator's `http://127.0.0.1:PORT/api/`.
    public init(http: HTTPClient) {
        self.http = http
    }

    /// Fetches one page of people.
    ///
    /// - Parameter query: what to ask for. Its own base URL is replaced by the HTTP client's,
    ///   so one query can be sent to several servers.
    /// - Returns: the response, with at least one person unless none were asked for.
    /// - Throws: ``RandomUserError`` saying what failed and whether trying later may help.
    public func page(_ query: RandomUserQuery) async throws(RandomUserError) -> RandomUserResponse {
        var query = query
        if let baseURL = http.baseURL {
            do {
                query = try query.withBaseURL(baseURL)
            } catch {
                throw .query(error)
            }
        }
        let endpoint = Self.endpoint(for: query)
        do {
            return try await http.send(endpoint)
        } catch {
            // A key in the API's URL is hidden from what the service said.
            throw RandomUserError(error).redacted(by: http.redactor())
        }
    }

    /// The endpoint for `query`: its path and items, read by ``RandomUserResponseReader``.
    ///
    /// It accepts any content type, so that an HTML block page reaches the reader and is
    /// reported as one, rather than as a bare content-type mismatch.
    static func endpoint(for query: RandomUserQuery) -> Endpoint<RandomUserResponse> {
        Endpoint(path: query.path, query: query.queryItems, headers: ["Accept": "application/json"]) {
            response throws(ResponseRejection) in
            do throws(RandomUserAPIError) {
                return try RandomUserResponseReader.read(
                    statusCode: response.statusCode, contentType: response.contentType, body: response.body)
            } catch {
                throw ResponseRejection(error.description, retryable: error.isTransient, underlying: error)
            }
        }
    }
}
