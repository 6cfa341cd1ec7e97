import EndlessHTTP
import Testing

@Suite("HTTPHeaders, HTTPMethod and AcceptedContentTypes")
struct HeadersAndContentTypesTests {
    @Test("header lookup is case-insensitive; setting replaces every same-named field; nil removes")
    func headers() {
        var headers: HTTPHeaders = ["Content-Type": "text/plain", "X-A": "1"]
        headers.add(name: "x-a", value: "2")
        #expect(headers["content-type"] == "text/plain")
        #expect(headers["X-A"] == "1")
        #expect(headers.count == 3)

        headers["X-a"] = "3"
        #expect(headers.map(\.value) == ["text/plain", "3"])
        headers["CONTENT-TYPE"] = nil
        #expect(headers.map(\.name) == ["X-A"])
        headers["New"] = "v"
        #expect(headers["new"] == "v")
    }

    @Test("methods are upper-cased; only idempotent ones say so")
    func methods() {
        #expect(HTTPMethod(rawValue: "get") == .get)
        #expect(HTTPMethod.get.isIdempotent && HTTPMethod.put.isIdempotent && HTTPMethod.delete.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent && !HTTPMethod.patch.isIdempotent)
    }

    @Test(
        "JSON accepts its spellings and suffixes, with parameters and any case",
        arguments: [
            ("application/json", true), ("application/json; charset=utf-8", true), ("Application/JSON", true),
            ("text/json", true), ("application/problem+json", true), ("application/vnd.api+json;v=1", true),
            (nil, true), ("", true),
            ("text/html; charset=UTF-8", false), ("text/plain", false), ("application/jsonp", false), ("image/json", false),
        ])
    func json(contentType: String?, accepted: Bool) {
        #expect(AcceptedContentTypes.json.accepts(contentType) == accepted)
    }

    @Test("type wildcards and */*")
    func wildcards() {
        #expect(AcceptedContentTypes.images.accepts("image/jpeg"))
        #expect(AcceptedContentTypes.images.accepts("image/png"))
        #expect(!AcceptedContentTypes.images.accepts("text/html"))
        #expect(AcceptedContentTypes.any.accepts("anything/at-all"))
        #expect(AcceptedContentTypes(["*/*"]).accepts("text/html"))
        #expect(AcceptedContentTypes.any.acceptHeaderValue == nil)
        #expect(AcceptedContentTypes.json.acceptHeaderValue == "application/json, text/json")
    }
}
