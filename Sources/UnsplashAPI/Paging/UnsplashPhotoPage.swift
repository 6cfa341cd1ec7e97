import EndlessHTTP
import Foundation

/// One page of `GET /photos`: the bare array of photos, and what the headers say about the
/// list (`Link`, `X-Total`, `X-Per-Page`) and the hourly budget.
public struct UnsplashPhotoPage: Sendable {
    /// The photos, in the order asked for.
    public var photos: [UnsplashPhoto]
    /// The page asked for, from 1.
    public var page: Int
    /// `X-Per-Page`, else the page size asked for.
    public var perPage: Int
    /// `X-Total`: photos in the whole list, when sent.
    public var total: Int?
    /// The page after this one, or nil at the end: from `Link` (`rel="next"` absent means the
    /// end), else from `X-Total`, else from a page shorter than asked for.
    public var nextPage: Int?
    /// The rate-limit headers, when sent.
    public var rateLimit: UnsplashRateLimit?
    /// The body as sent (see ``rawJSON``); nil for a page made in code.
    var sentJSON: RawJSON?

    /// The body exactly as the service sent it, the bare array of photo objects; for a page
    /// made in code, the photos' ``UnsplashPhoto/rawJSON`` in an array.
    public var rawJSON: RawJSON { sentJSON ?? RawJSON(array: photos.map(\.rawJSON)) }

    /// Creates a page.
    /// - Parameters:
    ///   - photos: the photos.
    ///   - page: its number.
    ///   - perPage: its size.
    ///   - total: the list's length.
    ///   - nextPage: the next page's number, nil at the end.
    ///   - rateLimit: the budget.
    public init(photos: [UnsplashPhoto], page: Int, perPage: Int, total: Int?, nextPage: Int?, rateLimit: UnsplashRateLimit?) {
        self.photos = photos
        self.page = page
        self.perPage = perPage
        self.total = total
        self.nextPage = nextPage
        self.rateLimit = rateLimit
    }

    /// Reads a 2xx answer to `GET /photos?page=&per_page=`.
    /// - Parameters:
    ///   - response: the answer.
    ///   - page: the page asked for.
    ///   - perPage: the size asked for.
    /// - Throws: ``UnsplashError/malformedHeader(name:value:reason:)`` for a `Link`, `X-Total`
    ///   or `X-Per-Page` that is there but wrong; ``UnsplashError/http(_:)`` for a body that is
    ///   not an array of photos.
    public static func read(_ response: EndlessHTTP.HTTPResponse, page: Int, perPage: Int) throws(UnsplashError) -> UnsplashPhotoPage {
        let (photos, body) = try UnsplashBody.photos(response.body)
        let total = try wholeNumber(response.headers["X-Total"], name: "X-Total")
        let pageSize = try wholeNumber(response.headers["X-Per-Page"], name: "X-Per-Page") ?? perPage
        let next: Int?
        if let value = response.headers["Link"] {
            let links = try LinkHeader(parsing: value)
            if links.link("next") != nil {
                guard let number = links.page("next"), number > page else {
                    throw .malformedHeader(name: "Link", value: value, reason: "rel=\"next\" does not name a later page")
                }
                next = number
            } else {
                next = nil
            }
        } else if let total {
            next = page * max(1, pageSize) < total ? page + 1 : nil
        } else {
            next = photos.count < perPage || photos.isEmpty ? nil : page + 1
        }
        let rateLimit = UnsplashRateLimit.read(
            limit: response.headers["X-Ratelimit-Limit"], remaining: response.headers["X-Ratelimit-Remaining"])
        var result = UnsplashPhotoPage(photos: photos, page: page, perPage: pageSize, total: total, nextPage: next, rateLimit: rateLimit)
        result.sentJSON = body
        return result
    }

    /// A header that must be a whole number ≥ 0 when present.
    static func wholeNumber(_ value: String?, name: String) throws(UnsplashError) -> Int? {
        guard let value else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let number = Int(trimmed)
        else {
            throw .malformedHeader(name: name, value: value, reason: "not a whole number")
        }
        return number
    }
}

/// Decoding Unsplash bodies, with a failure that says where the shape was wrong.
enum UnsplashBody {
    /// A page's photos, each keeping its object as sent, and the body itself.
    static func photos(_ body: Data) throws(UnsplashError) -> (photos: [UnsplashPhoto], body: RawJSON?) {
        let photos: [UnsplashPhoto] = try decode(body)
        let raw = try? RawJSON(parsing: body)
        guard let elements = raw?.elements, elements.count == photos.count else { return (photos, raw) }
        return (zip(photos, elements).map { $0.keeping($1) }, raw)
    }

    /// One photo, keeping its object as sent.
    static func photo(_ body: Data) throws(UnsplashError) -> UnsplashPhoto {
        let photo: UnsplashPhoto = try decode(body)
        return (try? RawJSON(parsing: body)).map(photo.keeping) ?? photo
    }

    static func decode<Value: Decodable>(_ body: Data) throws(UnsplashError) -> Value {
        do {
            return try JSONDecoder().decode(Value.self, from: body)
        } catch let error as DecodingError {
            let reason: String
            switch error {
            case .dataCorrupted(let context) where context.codingPath.isEmpty:
                reason = body.isEmpty ? "the body is empty" : "the body is not JSON"
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                reason = "at \(path.isEmpty ? "the top" : path): \(context.debugDescription)"
            @unknown default:
                reason = "\(error)"
            }
            throw .http(
                .decoding(
                    path: "", reason: "not Unsplash photos: \(reason)", snippet: BodyText.excerpt(String(decoding: body.prefix(300), as: UTF8.self))))
        } catch {
            throw .http(.decoding(path: "", reason: "\(error)", snippet: ""))
        }
    }
}

extension UnsplashPhotoPage: Decodable {
    /// Reads a bare array of photos, as saved from `GET /photos`. Without the headers nothing
    /// is known of the rest of the list: it reads as page 1 with no next page (the client reads
    /// the headers too, through ``read(_:page:perPage:)``).
    /// - Throws: `DecodingError` when the body is not an array of photos.
    public init(from decoder: any Decoder) throws {
        let photos = try [UnsplashPhoto](from: decoder)
        self.init(photos: photos, page: 1, perPage: photos.count, total: nil, nextPage: nil, rateLimit: nil)
    }
}
