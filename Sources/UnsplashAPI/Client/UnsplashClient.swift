import EndlessHTTP
import Foundation

/// Asks Unsplash (or a compatible server, such as the embedded simulator's `/unsplash/`) for
/// photos, over an `HTTPClient`.
///
/// Every request carries `Authorization: Client-ID <access key>` and `Accept-Version: v1`; the
/// HTTP layer's redactor keeps the key out of every log and cURL rendering, and every error
/// this client throws has passed that redactor with the key added (a server that echoes the
/// request cannot get the key shown). The last
/// `X-Ratelimit-Remaining` is kept (``rateLimit``) so an app can show "41 requests left this
/// hour" and stop loading ahead before it reaches 0.
///
/// ```swift
/// let client = UnsplashClient(http: HTTPClient(baseURL: UnsplashClient.defaultBaseURL), accessKey: key)
/// let page = try await client.photos(page: 1, perPage: 30)
/// let photo = try await client.photo(id: page.photos[0].id)
/// ```
public struct UnsplashClient: Sendable {
    /// `https://api.unsplash.com/`.
    public static let defaultBaseURL: URL = {
        // A literal that a test parses; there is no input that could make it fail here.
        guard let url = URL(string: "https://api.unsplash.com/") else { preconditionFailure("the default base URL literal is not a URL") }
        return url
    }()
    /// The page sizes the service allows: up to 30 (it clamps larger ones silently; the client
    /// refuses them instead, so a request never means something it did not say).
    public static let perPageRange = 1...30
    /// The service's default page size.
    public static let defaultPerPage = 10
    /// Where to register an application for a key.
    public static let keyRegistration = "https://unsplash.com/oauth/applications"

    /// The HTTP client; its base URL is the API root.
    public let http: HTTPClient
    /// The key sent as `Client-ID`; nil sends no `Authorization` (the service answers 401).
    public let accessKey: String?
    private let record = UnsplashRateLimitRecord()

    /// Creates a client.
    /// - Parameters:
    ///   - http: an HTTP client whose base URL is the API root (`https://api.unsplash.com/`).
    ///   - accessKey: the application's access key.
    public init(http: HTTPClient, accessKey: String?) {
        self.http = http
        self.accessKey = accessKey
    }

    /// The budget the last answer reported; nil before any answer that had the headers.
    public var rateLimit: UnsplashRateLimit? { record.value }

    /// One page of the feed.
    /// - Parameters:
    ///   - page: from 1.
    ///   - perPage: 1...30; nil for the service's default (10).
    ///   - orderBy: latest (the default), oldest or popular.
    /// - Returns: the photos, with the list's paging and the budget left.
    /// - Throws: ``UnsplashError``.
    public func photos(page: Int, perPage: Int? = nil, orderBy: UnsplashOrder = .latest) async throws(UnsplashError) -> UnsplashPhotoPage {
        guard page >= 1 else { throw .invalidRequest("page \(page) does not exist: pages start at 1") }
        if let perPage, !Self.perPageRange.contains(perPage) {
            throw .invalidRequest("\(perPage) photos per page is out of range 1-30 (Unsplash's most is 30)")
        }
        var query = [URLQueryItem(name: "page", value: String(page))]
        if let perPage { query.append(URLQueryItem(name: "per_page", value: String(perPage))) }
        query.append(URLQueryItem(name: "order_by", value: orderBy.rawValue))
        let asked = perPage ?? Self.defaultPerPage
        let endpoint = Endpoint<UnsplashPhotoPage>(path: "photos", query: query, headers: headers, accepting: .json) {
            response throws(ResponseRejection) in
            do throws(UnsplashError) {
                return try UnsplashPhotoPage.read(response, page: page, perPage: asked)
            } catch {
                throw ResponseRejection(error.description, underlying: error)
            }
        }
        do {
            let result = try await http.send(endpoint)
            record.record(result.rateLimit)
            return result
        } catch {
            throw failure(error)
        }
    }

    /// One page of a search: `GET /search/photos?query=&page=&per_page=&order_by=`, photos whose
    /// descriptions, alt descriptions or tags match.
    /// - Parameters:
    ///   - query: the words (cleaned and bounded; percent-encoded here).
    ///   - page: from 1.
    ///   - perPage: 1...30; nil for the service's default (10).
    ///   - orderBy: relevant (the default) or latest.
    /// - Returns: the photos found on the page, and how many were found in all.
    /// - Throws: ``UnsplashError``.
    public func searchPhotos(
        _ query: SearchText, page: Int, perPage: Int? = nil, orderBy: UnsplashSearchOrder = .relevant
    ) async throws(UnsplashError) -> UnsplashSearchPage {
        guard page >= 1 else { throw .invalidRequest("page \(page) does not exist: pages start at 1") }
        if let perPage, !Self.perPageRange.contains(perPage) {
            throw .invalidRequest("\(perPage) photos per page is out of range 1-30 (Unsplash's most is 30)")
        }
        var items = [URLQueryItem(name: "query", value: query.text), URLQueryItem(name: "page", value: String(page))]
        if let perPage { items.append(URLQueryItem(name: "per_page", value: String(perPage))) }
        items.append(URLQueryItem(name: "order_by", value: orderBy.rawValue))
        let endpoint = Endpoint<UnsplashSearchPage>(path: "search/photos", query: items, headers: headers, accepting: .json) {
            response throws(ResponseRejection) in
            do throws(UnsplashError) {
                var result = try UnsplashSearchPage.read(response.body, page: page)
                result.rateLimit = UnsplashRateLimit.read(
                    limit: response.headers["X-Ratelimit-Limit"], remaining: response.headers["X-Ratelimit-Remaining"])
                return result
            } catch {
                throw ResponseRejection(error.description, underlying: error)
            }
        }
        do {
            let result = try await http.send(endpoint)
            record.record(result.rateLimit)
            return result
        } catch {
            throw failure(error)
        }
    }

    /// One photo, with the fields only the single-photo answer has (exif, location, views,
    /// downloads).
    /// - Parameter id: the photo's id.
    /// - Returns: the photo.
    /// - Throws: ``UnsplashError/invalidRequest(_:)`` for an id that is not one (only letters,
    ///   digits, `-` and `_`, at most 64), before anything is sent;
    ///   ``UnsplashError/notFound(messages:)`` for an id the service does not have, or another
    ///   ``UnsplashError``.
    public func photo(id: String) async throws(UnsplashError) -> UnsplashPhoto {
        // The id goes into the path: one that is not an id (`../me`, a slash, a space) would
        // ask for another resource with the key.
        guard let id = Self.pathSegment(id) else { throw .invalidRequest("'\(id.prefix(40))' is not a photo id") }
        let record = self.record
        let endpoint = Endpoint<UnsplashPhoto>(path: "photos/\(id)", headers: headers, accepting: .json) { response throws(ResponseRejection) in
            do throws(UnsplashError) {
                let photo = try UnsplashBody.photo(response.body)
                record.record(
                    UnsplashRateLimit.read(
                        limit: response.headers["X-Ratelimit-Limit"], remaining: response.headers["X-Ratelimit-Remaining"]))
                return photo
            } catch {
                throw ResponseRejection(error.description, underlying: error)
            }
        }
        do {
            return try await http.send(endpoint)
        } catch {
            throw failure(error)
        }
    }

    /// An error, with the budget marked spent when it was the rate limit, and every text from
    /// the server redacted.
    private func failure(_ error: HTTPError) -> UnsplashError {
        var classified = UnsplashError(error)
        if case .rateLimited(let status, _) = classified {
            record.exhausted()
            classified = .rateLimited(status: status, limit: record.value?.limit)
        }
        return classified.redacted(by: http.redactor(adding: [accessKey]))
    }

    /// `Accept-Version: v1`, and the key as `Client-ID`.
    var headers: HTTPHeaders {
        var headers: HTTPHeaders = ["Accept-Version": "v1"]
        if let accessKey { headers["Authorization"] = "Client-ID \(accessKey)" }
        return headers
    }
}
