import Foundation

/// A validated request for people: every value in it is one the service reads the way it
/// looks.
///
/// ```swift
/// let query = try RandomUserQuery(results: 50, seed: "endless", nationalities: [.NL, .GB])
/// let next = try query.withPage(2)
/// // GET https://randomuser.me/api/?results=50&page=2&seed=endless&nat=NL,GB
/// ```
///
/// The service never rejects a query: out-of-range values silently become something else
/// (see ``RandomUserQueryError``). So every way of making or changing a query checks its
/// values and throws a ``RandomUserQueryError`` that names the parameter.
public struct RandomUserQuery: Sendable, Equatable {
    /// `https://randomuser.me/api/`, the live service.
    public static let defaultBaseURL: URL = {
        // A literal that a test parses; there is no input that could make it fail here.
        guard let url = URL(string: "https://randomuser.me/api/") else {
            preconditionFailure("the default base URL literal is not a URL")
        }
        return url
    }()
    /// The `results` values the service honours.
    public static let resultsRange = 1...5000
    /// The `page` values the service honours.
    public static let pageRange = 1...10_000

    /// Where the API lives: the API root (`…/api/`), a versioned root (`…/api/1.4/`) or a
    /// server root (`http://127.0.0.1:8080/`), to which ``path`` adds `api/`.
    public private(set) var baseURL: URL
    /// How many people; nil leaves it to the service (1).
    public private(set) var results: Int?
    /// Which page of a seeded list; nil means page 1.
    public private(set) var page: Int?
    /// Makes the people reproducible: the same seed, page and parameters give the same people.
    public private(set) var seed: String?
    /// Only people of this gender (not together with a seed).
    public private(set) var gender: Gender?
    /// Only people of these nationalities, drawn uniformly; empty means all 21.
    public private(set) var nationalities: [Nationality]
    /// Only these fields (`inc`); empty means all.
    public private(set) var included: [Field]
    /// Not these fields (`exc`).
    public private(set) var excluded: [Field]
    /// Generated passwords instead of ones from a list.
    public private(set) var password: PasswordSpec?
    /// A fixed API version; nil means the latest.
    public private(set) var version: APIVersion?

    /// Creates a query, checking every value.
    ///
    /// - Parameters:
    ///   - baseURL: where the API lives; see ``baseURL``.
    ///   - results: 1...5000 people, or nil for the service's default.
    ///   - page: 1...10000, or nil for page 1.
    ///   - seed: non-empty text, or nil for random people.
    ///   - gender: a gender filter; not together with `seed`.
    ///   - nationalities: nationality filter; duplicates are dropped.
    ///   - included: fields to include (`inc`).
    ///   - excluded: fields to exclude (`exc`).
    ///   - password: a password generation spec.
    ///   - version: a fixed API version.
    /// - Throws: ``RandomUserQueryError`` for the first value the service would misread.
    public init(
        baseURL: URL = defaultBaseURL, results: Int? = nil, page: Int? = nil, seed: String? = nil,
        gender: Gender? = nil, nationalities: [Nationality] = [], included: [Field] = [],
        excluded: [Field] = [], password: PasswordSpec? = nil, version: APIVersion? = nil
    ) throws(RandomUserQueryError) {
        self.baseURL = baseURL
        self.results = results
        self.page = page
        self.seed = seed
        self.gender = gender
        self.nationalities = Self.unique(nationalities)
        self.included = Self.unique(included)
        self.excluded = Self.unique(excluded)
        self.password = password
        self.version = version
        try validate()
    }

    /// Whether responses to this query carry `field`, by its `inc` and `exc` lists.
    /// - Parameter field: a field of a person.
    /// - Returns: `true` unless `inc` leaves it out or `exc` names it.
    public func includes(_ field: Field) -> Bool {
        (included.isEmpty || included.contains(field)) && !excluded.contains(field)
    }

    /// The same query for another page: what a pager calls for each page.
    /// - Parameter page: 1...10000.
    /// - Returns: the changed query.
    /// - Throws: ``RandomUserQueryError/pageOutOfRange(_:)``.
    public func withPage(_ page: Int) throws(RandomUserQueryError) -> RandomUserQuery {
        try changed { $0.page = page }
    }

    /// The same query with another number of people.
    /// - Parameter results: 1...5000.
    /// - Returns: the changed query.
    /// - Throws: ``RandomUserQueryError/resultsOutOfRange(_:)``.
    public func withResults(_ results: Int) throws(RandomUserQueryError) -> RandomUserQuery {
        try changed { $0.results = results }
    }

    /// The same query with another seed, e.g. a fresh one on pull-to-refresh.
    /// - Parameter seed: non-empty text.
    /// - Returns: the changed query.
    /// - Throws: ``RandomUserQueryError/emptySeed`` or ``RandomUserQueryError/genderWithSeed``.
    public func withSeed(_ seed: String) throws(RandomUserQueryError) -> RandomUserQuery {
        try changed { $0.seed = seed }
    }

    /// The same query with another gender filter, or none.
    /// - Parameter gender: the filter; nil for everyone.
    /// - Returns: the changed query.
    /// - Throws: ``RandomUserQueryError/genderWithSeed`` when the query has a seed.
    public func withGender(_ gender: Gender?) throws(RandomUserQueryError) -> RandomUserQuery {
        try changed { $0.gender = gender }
    }

    /// The same query sent to another server.
    /// - Parameter baseURL: an absolute http(s) URL.
    /// - Returns: the changed query.
    /// - Throws: ``RandomUserQueryError/invalidBaseURL(_:reason:)``.
    public func withBaseURL(_ baseURL: URL) throws(RandomUserQueryError) -> RandomUserQuery {
        try changed { $0.baseURL = baseURL }
    }

    /// A copy with `change` applied, checked against every rule.
    private func changed(_ change: (inout RandomUserQuery) -> Void) throws(RandomUserQueryError) -> RandomUserQuery {
        var copy = self
        change(&copy)
        try copy.validate()
        return copy
    }

    /// Checks every rule, in the order the parameters appear in the query.
    private func validate() throws(RandomUserQueryError) {
        try Self.validateBaseURL(baseURL, version: version)
        if let results, !Self.resultsRange.contains(results) { throw .resultsOutOfRange(results) }
        if let page, !Self.pageRange.contains(page) { throw .pageOutOfRange(page) }
        if let seed, seed.isEmpty { throw .emptySeed }
        if gender != nil, seed != nil { throw .genderWithSeed }
        let fields = included.isEmpty ? Field.allCases : included
        if !excluded.isEmpty, fields.allSatisfy(excluded.contains) { throw .noFieldsLeft }
    }

    private static func unique<T: Equatable>(_ items: [T]) -> [T] {
        var result: [T] = []
        for item in items where !result.contains(item) { result.append(item) }
        return result
    }
}
