import Endless
import EndlessCache
import Foundation
import RandomUserAPI

/// People pages in the page cache as randomuser.me bodies: `{"results": […], "info": {"seed":
/// …, "page": …}}`, read back by the API's own fast reader.
///
/// The first page of a launch comes from the cache on the way to the first rows. Through
/// `JSONDecoder`, a page of 20 people took a millisecond on a cold start (half of it warm);
/// the reader the client uses for the network's bodies takes a fraction of that. The keys
/// are not stored: a seed and a page number make them, as the page source makes them.
/// Pages kept by an older build, in ``JSONPageBodyCodec``'s form, are still read (and then
/// written again in this form).
struct PeoplePageCodec: PageBodyCodec {
    typealias Item = RandomUser
    typealias Key = RandomUserPageSource.Key

    private let json = JSONPageBodyCodec<RandomUser, RandomUserPageSource.Key>()

    func body(of page: Page<RandomUser, RandomUserPageSource.Key>) -> Data? {
        guard let key = page.key else { return json.body(of: page) }
        // `results` is the count kept, so a page the gender filter emptied reads back as one
        // that asked for none, not as the service's empty-results fault.
        let info = RandomUserResponse.Info(seed: key.seed, results: page.items.count, page: key.page, version: "1.4")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let people = try? encoder.encode(page.items), let info = try? encoder.encode(info) else { return nil }
        // Written in this order by hand: JSONEncoder's order of an object's keys is its own.
        return Self.responsePrefix + people + Data(#","info":"#.utf8) + info + Data("}".utf8)
    }

    func page(from body: Data) -> Page<RandomUser, RandomUserPageSource.Key>? {
        guard body.starts(with: Self.responsePrefix) else { return json.page(from: body) }
        guard let response = try? RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body),
            let seed = response.info?.seed, let page = response.info?.page
        else { return nil }
        return RandomUserPageSource.page(of: response.results, seed: seed, page: page)
    }

    func isCurrentForm(_ body: Data) -> Bool { body.starts(with: Self.responsePrefix) }

    /// How a body of this codec starts; an older page's body has no `results`.
    static let responsePrefix = Data(#"{"results":"#.utf8)
}
