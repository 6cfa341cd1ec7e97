import EndlessHTTP
import Foundation

/// One page of `GET /search/photos`: `{"total":N,"total_pages":N,"results":[Photo…]}` (an
/// object, unlike `/photos`'s bare array), and the hourly budget.
public struct UnsplashSearchPage: Sendable {
    /// The photos found on this page, best first (or newest, as asked).
    public var photos: [UnsplashPhoto]
    /// The page asked for, from 1.
    public var page: Int
    /// `total`: photos found in all.
    public var total: Int
    /// `total_pages`: pages of the size asked for (a one-page answer still says 1).
    public var totalPages: Int
    /// The rate-limit headers, when sent.
    public var rateLimit: UnsplashRateLimit?

    /// The page after this one, or nil at the end.
    public var nextPage: Int? { page < totalPages && !photos.isEmpty ? page + 1 : nil }

    /// Creates a page.
    public init(photos: [UnsplashPhoto], page: Int, total: Int, totalPages: Int, rateLimit: UnsplashRateLimit? = nil) {
        self.photos = photos
        self.page = page
        self.total = total
        self.totalPages = totalPages
        self.rateLimit = rateLimit
    }

    /// The most pages a search is believed to have: a `total_pages` past it is cut to it.
    static let maximumPages = 1_000_000

    /// Reads a search body: the totals must be whole numbers ≥ 0, `results` an array of
    /// photos, each keeping its object as sent.
    /// - Parameters:
    ///   - body: the body.
    ///   - page: the page asked for.
    /// - Throws: ``UnsplashError/http(_:)`` saying what was wrong with the body.
    public static func read(_ body: Data, page: Int) throws(UnsplashError) -> UnsplashSearchPage {
        let raw: RawJSON
        do {
            raw = try RawJSON(parsing: body)
        } catch {
            throw malformed(body.isEmpty ? "the body is empty" : "the body is not JSON: \(error)", body: body)
        }
        guard raw.kind == .object else { throw malformed("expected an object with results, got \(raw.kind)", body: body) }
        guard let results = raw["results"], let elements = results.elements else {
            throw malformed("no results array", body: body)
        }
        let total = try count(raw["total"], name: "total", body: body)
        let pages = try count(raw["total_pages"], name: "total_pages", body: body)
        let (photos, _) = try UnsplashBody.photos(results.bytes)
        let kept = photos.count == elements.count ? zip(photos, elements).map { $0.keeping($1) } : photos
        return UnsplashSearchPage(photos: kept, page: page, total: total, totalPages: min(pages, maximumPages))
    }

    /// A whole number ≥ 0 in a body.
    private static func count(_ value: RawJSON?, name: String, body: Data) throws(UnsplashError) -> Int {
        guard let value else { throw malformed("no \(name)", body: body) }
        guard let literal = LiteralJSON(value).number, let number = literal.int, number >= 0 else {
            throw malformed("\(name) is not a whole number ≥ 0: \(value.text.prefix(40))", body: body)
        }
        return number
    }

    private static func malformed(_ reason: String, body: Data) -> UnsplashError {
        .http(
            .decoding(
                path: "", reason: "not an Unsplash search: \(reason)", snippet: BodyText.excerpt(String(decoding: body.prefix(300), as: UTF8.self))))
    }
}

extension UnsplashSearchPage: Decodable {
    private enum CodingKeys: String, CodingKey {
        case total, results
        case totalPages = "total_pages"
    }

    /// Reads a search body as saved: page 1 of its `total_pages` (the client reads the
    /// headers and the page number too, through ``read(_:page:)``).
    /// - Throws: `DecodingError` when the body is not a search's.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            photos: try container.decode([UnsplashPhoto].self, forKey: .results), page: 1,
            total: max(0, try container.decode(Int.self, forKey: .total)),
            totalPages: min(max(0, try container.decode(Int.self, forKey: .totalPages)), Self.maximumPages))
    }
}
