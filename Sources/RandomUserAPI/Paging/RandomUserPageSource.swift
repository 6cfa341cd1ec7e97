import Endless
import Foundation

/// An endless, reproducible feed of people from randomuser.me or a compatible server.
///
/// It follows the flow randomuser.me documents: the first page with the configured seed or
/// none, then `seed=<info.seed>&page=N`. Every page is therefore reproducible, so a
/// `Feed` that drops far pages to bound its memory reloads them identically. People are
/// keyed by `login.uuid` (the service draws with replacement, so names repeat).
///
/// A gender filter needs care: the service ignores `gender` whenever a seed is given, and
/// seeds are what make pages reproducible. So with a gender the source picks the seed
/// itself, asks for twice the page size and keeps the people of that gender (about half).
///
/// ```swift
/// let source = try RandomUserPageSource(client: client, query: RandomUserQuery(nationalities: [.nl]))
/// let feed = Feed(source: source)
/// ```
public struct RandomUserPageSource: PageSource {
    /// A page's address: the seed of the list and the page number in it. Codable, so a page
    /// cache can store it.
    public struct Key: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The list's seed, as the server reported it in `info.seed`.
        public var seed: String
        /// 1...``RandomUserQuery/pageRange``.
        public var page: Int

        /// Creates a key.
        /// - Parameters:
        ///   - seed: the list's seed, as the server reported it.
        ///   - page: the page number in that list.
        public init(seed: String, page: Int) {
            self.seed = seed
            self.page = page
        }

        /// `seed 5f2c09a1 · page 3`.
        public var description: String { "seed \(seed) · page \(page)" }
    }

    /// The client pages are fetched with.
    public let client: RandomUserClient
    /// The filters and fields of every page; its results and page are set per request.
    public let query: RandomUserQuery
    private let gender: RandomUserQuery.Gender?
    private let makeSeed: @Sendable () -> String

    /// Creates a source.
    /// - Parameters:
    ///   - client: fetches the pages.
    ///   - query: filters (nat, gender), fields (inc/exc) and an optional fixed seed. Without
    ///     a seed, every refresh starts a new random list.
    ///   - makeSeed: makes the seed of a new list when a gender filter is set (the service
    ///     would ignore the gender of a seeded request); 16 random hex digits by default.
    /// - Throws: ``RandomUserQueryError/genderWithoutGenderField`` when the query filters by
    ///   gender but leaves the gender field out, so people cannot be filtered.
    public init(
        client: RandomUserClient, query: RandomUserQuery,
        makeSeed: @escaping @Sendable () -> String = RandomUserPageSource.randomSeed
    ) throws(RandomUserQueryError) {
        self.client = client
        self.gender = query.gender
        if query.gender != nil, !query.includes(.gender) { throw .genderWithoutGenderField }
        self.query = try query.withGender(nil)
        self.makeSeed = makeSeed
    }

    /// Loads one page: the first of a new list (refresh, or the first load), or the page a
    /// key names.
    /// - Parameter request: a refresh (no key: a new list) or the key of the page to load,
    ///   with the number of people to ask for.
    /// - Returns: the people, with the keys of the pages before and after this one.
    /// - Throws: ``RandomUserError`` from the client; ``RandomUserPagingError/missingSeed``
    ///   when the server reports no seed to continue the list with.
    public func load(_ request: PageRequest<Key>) async throws -> Page<RandomUser, Key> {
        let page = request.key?.page ?? 1
        let seed = request.key?.seed ?? query.seed ?? (gender == nil ? nil : makeSeed())
        // Ask for twice as many when filtering, so a page keeps about loadSize people.
        let results = min(request.loadSize * (gender == nil ? 1 : 2), RandomUserQuery.resultsRange.upperBound)
        var pageQuery = try query.withResults(results).withPage(page)
        if let seed { pageQuery = try pageQuery.withSeed(seed) }

        let response = try await client.page(pageQuery)

        guard let listSeed = response.info?.seed ?? seed else { throw RandomUserPagingError.missingSeed }
        let people = gender.map { wanted in response.results.filter { $0.gender == wanted.rawValue } } ?? response.results
        return Self.page(of: people, seed: listSeed, page: page)
    }

    /// The page `load` makes of the people of page `page` of a seeded list: its key and its
    /// neighbours' (for a store that keeps the people and the seed, and not the keys).
    /// - Parameters:
    ///   - people: the page's people, filtered as the query asked.
    ///   - seed: the list's seed.
    ///   - page: the page's number, from 1.
    /// - Returns: the page, with the keys of the pages before and after it.
    public static func page(of people: [RandomUser], seed: String, page: Int) -> Page<RandomUser, Key> {
        Page(
            items: people,
            previousKey: page > 1 ? Key(seed: seed, page: page - 1) : nil,
            nextKey: page < RandomUserQuery.pageRange.upperBound ? Key(seed: seed, page: page + 1) : nil,
            key: Key(seed: seed, page: page))
    }

    /// The next page of the same seeded list: pages are numbered, so the feed may load several
    /// ahead at once.
    ///
    /// - Parameter key: a page's key.
    /// - Returns: the same seed and the next page number, or `nil` after the last page.
    public func key(after key: Key) -> Key? {
        key.page < RandomUserQuery.pageRange.upperBound ? Key(seed: key.seed, page: key.page + 1) : nil
    }

    /// 16 random hexadecimal digits, the form of the service's own seeds.
    public static let randomSeed: @Sendable () -> String = {
        String((0..<16).map { _ in "0123456789abcdef".randomElement() ?? "0" })
    }
}
