import EndlessHTTP

/// One page of `GET users`: `{"page":2,"per_page":6,"total":12,"total_pages":2,"data":[…],
/// "support":{…}}`.
///
/// `data` is required (it is the page); the counts are read tolerantly (numbers sent as text
/// are numbers) and may be missing, and `support` is optional, as the service has added and
/// changed it over the years.
public struct ReqresUserList: Hashable, Sendable, Codable {
    /// This page's number, from 1.
    public let page: Int?
    /// Users per page (`per_page`).
    public let perPage: Int?
    /// Users in the whole list.
    public let total: Int?
    /// Pages in the whole list (`total_pages`).
    public let totalPages: Int?
    /// The users on this page; empty past the last page.
    public private(set) var data: [ReqresUser]
    /// The service's support note, when it sent one.
    public let support: ReqresSupport?
    /// The body as sent (see ``rawJSON``); nil for a page made in code.
    var sentJSON: RawJSON?

    /// The page object exactly as the service sent it (with what no model reads, such as the
    /// 2019–2020 `ad`); for a page made in code, its `Codable` encoding.
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// This page with the body it was read from, and each user with its element of `data`.
    func keeping(_ body: RawJSON?) -> ReqresUserList {
        guard let body else { return self }
        var copy = self
        copy.sentJSON = body
        if body.members?.count(where: { $0.key == "data" }) == 1, let elements = body["data"]?.elements, elements.count == data.count {
            copy.data = zip(data, elements).map { $0.keeping($1) }
        }
        return copy
    }

    enum CodingKeys: String, CodingKey {
        case page, total, data, support
        case perPage = "per_page"
        case totalPages = "total_pages"
    }

    /// Creates a page.
    /// - Parameters:
    ///   - page: its number, from 1.
    ///   - perPage: the page size asked for.
    ///   - total: users in the whole list.
    ///   - totalPages: pages in the whole list.
    ///   - data: the users on this page.
    ///   - support: the service's support note.
    public init(page: Int?, perPage: Int?, total: Int?, totalPages: Int?, data: [ReqresUser], support: ReqresSupport?) {
        self.page = page
        self.perPage = perPage
        self.total = total
        self.totalPages = totalPages
        self.data = data
        self.support = support
    }

    /// Reads a page.
    /// - Throws: `DecodingError` when `data` is missing or not an array of users.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        page = container.lenientInt(.page)
        perPage = container.lenientInt(.perPage)
        total = container.lenientInt(.total)
        totalPages = container.lenientInt(.totalPages)
        data = try container.decode([ReqresUser].self, forKey: .data)
        support = try? container.decodeIfPresent(ReqresSupport.self, forKey: .support)
    }
}
