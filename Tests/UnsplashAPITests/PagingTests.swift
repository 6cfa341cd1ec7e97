import EndlessHTTP
import Foundation
import Testing
import UnsplashAPI

/// The end of the list, from the headers: `Link` (RFC 8288) first, then `X-Total`, read strictly.
@Suite("Unsplash paging headers")
struct PagingTests {
    static let real =
        #"<https://api.unsplash.com/photos?page=1>; rel="first", <https://api.unsplash.com/photos?page=1>; rel="prev", <https://api.unsplash.com/photos?page=34>; rel="last", <https://api.unsplash.com/photos?page=3>; rel="next""#

    @Test("the live header: four links, the next page's number")
    func realHeader() throws {
        let header = try LinkHeader(parsing: Self.real)
        #expect(header.links.map(\.relations) == [["first"], ["prev"], ["last"], ["next"]])
        #expect(header.page("next") == 3 && header.page("last") == 34)
        #expect(header.link("NEXT")?.target == "https://api.unsplash.com/photos?page=3")
    }

    @Test("quoted strings, tokens, several relations, extra parameters and spaces")
    func grammar() throws {
        let header = try LinkHeader(parsing: #"  <a?page=2>;rel=next ; title="a, \"b\"",<b>; rel="prev first""#)
        try #require(header.links.count == 2)
        #expect(header.links[0].parameters["title"] == #"a, "b""#)
        #expect(header.links[1].relations == ["prev", "first"])
        // Empty list elements are accepted and ignored (RFC 9110 §5.6.1.2).
        #expect(try LinkHeader(parsing: ", <a>; rel=next, ,").links.count == 1)
    }

    @Test(
        "malformed Link headers are errors that name the header",
        arguments: [
            "", "https://x?page=2; rel=next", "<https://x?page=2>", "<https://x?page=2; rel=next", "<https://x?page=2>; rel=",
            #"<https://x?page=2>; rel="next"#, "<https://x?page=2> rel=next", "<https://x?page=2>; rel=next <b>", "<a b>; rel=next",
            "<>; rel=next", "<a>; =next",
        ])
    func malformed(_ value: String) {
        #expect {
            try LinkHeader(parsing: value)
        } throws: { error in
            guard case .malformedHeader(let name, _, _) = error as? UnsplashError else { return false }
            return name == "Link"
        }
    }

    static func response(_ headers: HTTPHeaders, count: Int) -> EndlessHTTP.HTTPResponse {
        let body = "[" + (0..<count).map { #"{"id":"p\#($0)"}"# }.joined(separator: ",") + "]"
        return HTTPResponse(statusCode: 200, headers: headers, body: Data(body.utf8))
    }

    @Test("the end: rel=next absent in Link; else X-Total; else a short page")
    func end() throws {
        let next = try UnsplashPhotoPage.read(Self.response(["Link": Self.real, "X-Total": "334"], count: 10), page: 2, perPage: 10)
        #expect(next.nextPage == 3 && next.total == 334 && next.photos.count == 10)
        let last = try UnsplashPhotoPage.read(
            Self.response(["Link": #"<https://x/photos?page=1>; rel="first", <https://x/photos?page=33>; rel="prev""#], count: 4),
            page: 34, perPage: 10)
        #expect(last.nextPage == nil)
        let byTotal = try UnsplashPhotoPage.read(Self.response(["X-Total": "25", "X-Per-Page": "10"], count: 10), page: 2, perPage: 10)
        #expect(byTotal.nextPage == 3)
        let endByTotal = try UnsplashPhotoPage.read(Self.response(["X-Total": "25"], count: 5), page: 3, perPage: 10)
        #expect(endByTotal.nextPage == nil)
        #expect(try UnsplashPhotoPage.read(Self.response([:], count: 10), page: 1, perPage: 10).nextPage == 2)
        #expect(try UnsplashPhotoPage.read(Self.response([:], count: 9), page: 1, perPage: 10).nextPage == nil)
    }

    @Test("a malformed X-Total or X-Per-Page, or a next link that goes back, is an error naming it")
    func malformedHeaders() {
        for (headers, name) in [
            (["X-Total": "many"] as HTTPHeaders, "X-Total"), (["X-Total": "-5"], "X-Total"), (["X-Total": ""], "X-Total"),
            (["X-Per-Page": "1.5"], "X-Per-Page"), (["Link": #"<https://x/photos?page=1>; rel="next""#], "Link"),
            (["Link": #"<https://x/photos>; rel="next""#], "Link"),
        ] {
            #expect(throws: UnsplashError.self) { try UnsplashPhotoPage.read(Self.response(headers, count: 1), page: 2, perPage: 10) }
            do {
                _ = try UnsplashPhotoPage.read(Self.response(headers, count: 1), page: 2, perPage: 10)
            } catch {
                guard case .malformedHeader(let got, _, _) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(got == name)
                #expect(error.description.contains(name))
            }
        }
    }

    @Test("the rate-limit headers are read; malformed ones are ignored")
    func rateLimit() throws {
        let page = try UnsplashPhotoPage.read(
            Self.response(["X-Ratelimit-Limit": "50", "X-Ratelimit-Remaining": "41"], count: 1), page: 1, perPage: 10)
        #expect(page.rateLimit == UnsplashRateLimit(limit: 50, remaining: 41))
        #expect(page.rateLimit?.summary == "41 requests left this hour")
        #expect(UnsplashRateLimit(limit: nil, remaining: 1).summary == "1 request left this hour")
        let odd = try UnsplashPhotoPage.read(Self.response(["X-Ratelimit-Remaining": "lots"], count: 1), page: 1, perPage: 10)
        #expect(odd.rateLimit == nil)
    }

    @Test("imgix sizing keeps ixid and ixlib, replaces the sizing items, adds the box")
    func imgix() throws {
        let raw = try #require(URL(string: "https://images.unsplash.com/photo-1?ixid=M3w1&ixlib=rb-4.0.3&w=1080&fit=max&q=80"))
        let url = try #require(ImgixSizing(width: 150, height: 100, fit: .crop, dpr: 2, quality: 70).url(from: raw))
        #expect(url.absoluteString == "https://images.unsplash.com/photo-1?ixid=M3w1&ixlib=rb-4.0.3&w=150&h=100&fit=crop&dpr=2&q=70&fm=jpg")
        let png = try #require(ImgixSizing(width: 40, height: nil, fit: .max, dpr: 1.5, format: .png).url(from: raw))
        #expect(png.query == "ixid=M3w1&ixlib=rb-4.0.3&w=40&fit=max&dpr=1.5&fm=png")
    }
}
