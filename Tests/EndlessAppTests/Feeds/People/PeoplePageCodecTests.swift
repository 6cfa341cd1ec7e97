import Endless
import EndlessCache
import EndlessSimulator
import Foundation
import Testing

@testable import EndlessApp
@testable import RandomUserAPI

/// People pages kept in the page cache as randomuser.me bodies.
@Suite("People pages in the cache")
struct PeoplePageCodecTests {
    typealias Key = RandomUserPageSource.Key

    /// Page `page` of seed `seed` as the simulator makes it, `count` people in every nationality.
    static func page(seed: String, page: Int, count: Int = 40) throws -> Page<RandomUser, Key> {
        let generator = RandomUserGenerator(data: try GeneratorData.builtIn(), bodyCache: nil)
        let body = try generator.respond(
            toQuery: "seed=\(seed)&results=\(count)&page=\(page)", now: Date(), portraitBaseURL: "http://127.0.0.1:1/api/portraits/"
        ).body
        let response = try JSONDecoder().decode(RandomUserResponse.self, from: Data(body))
        return RandomUserPageSource.page(of: response.results, seed: seed, page: page)
    }

    @Test("a page comes back as it was, keys and all, through the API's fast reader", arguments: [1, 2, 17])
    func roundTrip(number: Int) throws {
        let codec = PeoplePageCodec()
        let page = try Self.page(seed: "codec \"quoted\" \\ seed", page: number)

        let body = try #require(codec.body(of: page))
        let back = try #require(codec.page(from: body))

        #expect(FastResponseDecoder.decode(body) != nil, "the fast reader stepped aside")
        #expect(back.items == page.items)
        #expect(back.key == page.key)
        #expect(back.previousKey == page.previousKey)
        #expect(back.nextKey == page.nextKey)
    }

    @Test("a page the gender filter emptied is kept, not read back as the empty-results fault")
    func emptyPage() throws {
        let codec = PeoplePageCodec()
        let empty = RandomUserPageSource.page(of: [], seed: "s", page: 3)
        let body = try #require(codec.body(of: empty))
        let back = try #require(codec.page(from: body))
        #expect(back.items.isEmpty)
        #expect(back.key == Key(seed: "s", page: 3))
    }

    @Test("pages an older build kept as JSON pages are still read; garbage is a miss")
    func olderPages() throws {
        let page = try Self.page(seed: "old", page: 2, count: 5)
        let old = try #require(JSONPageBodyCodec<RandomUser, Key>().body(of: page))
        let back = try #require(PeoplePageCodec().page(from: old))
        #expect(back.items == page.items && back.key == page.key && back.nextKey == page.nextKey)
        #expect(PeoplePageCodec().page(from: Data(#"{"results":[{"name":7}],"info":{}}"#.utf8)) == nil)
        #expect(PeoplePageCodec().page(from: Data("not json".utf8)) == nil)
    }
}
