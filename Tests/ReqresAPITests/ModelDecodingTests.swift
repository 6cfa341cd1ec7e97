import EndlessHTTP
import Foundation
import ReqresAPI
import Testing

/// The models on the shapes reqres.in really sends, and on the odd ones it could.
@Suite("reqres models")
struct ModelDecodingTests {
    /// `GET /api/users?page=2` as captured from the live service (public test suites quote it).
    static let pageTwo = #"""
        {"page":2,"per_page":6,"total":12,"total_pages":2,"data":[{"id":7,"email":"michael.lawson@reqres.in","first_name":"Michael","last_name":"Lawson","avatar":"https://reqres.in/img/faces/7-image.jpg"},{"id":8,"email":"lindsay.ferguson@reqres.in","first_name":"Lindsay","last_name":"Ferguson","avatar":"https://reqres.in/img/faces/8-image.jpg"}],"support":{"url":"https://reqres.in/#support-heading","text":"To keep ReqRes free, contributions towards server costs are appreciated!"}}
        """#

    @Test("a captured page decodes with every field")
    func capturedPage() throws {
        let list = try JSONDecoder().decode(ReqresUserList.self, from: Data(Self.pageTwo.utf8))
        #expect(list.page == 2 && list.perPage == 6 && list.total == 12 && list.totalPages == 2)
        #expect(list.data.map(\.id) == [7, 8])
        #expect(list.data.first?.fullName == "Michael Lawson")
        #expect(list.data.first?.avatarURL?.absoluteString == "https://reqres.in/img/faces/7-image.jpg")
        #expect(list.support?.text?.hasPrefix("To keep ReqRes free") == true)
    }

    @Test("tolerant: no support, unknown fields, an id and counts sent as text, a missing name")
    func tolerant() throws {
        let body = #"""
            {"page":"1","per_page":6,"total":"3","data":[{"id":"3","email":"emma.wong@reqres.in","extra":{"a":1},
            "first_name":null,"avatar":"not a url"}],"ad":{"company":"x"}}
            """#
        let list = try JSONDecoder().decode(ReqresUserList.self, from: Data(body.utf8))
        #expect(list.page == 1 && list.total == 3 && list.totalPages == nil && list.support == nil)
        let user = try #require(list.data.first)
        #expect(user.id == 3)
        #expect(user.firstName == nil && user.lastName == nil)
        #expect(user.fullName == "emma.wong@reqres.in")
        #expect(user.avatarURL == nil)
    }

    @Test("a list without data, or a user without a whole-number id, is an error naming the field")
    func required() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ReqresUserList.self, from: Data(#"{"page":1}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ReqresUser.self, from: Data(#"{"id":1.5,"email":"x"}"#.utf8))
        }
    }

    @Test("a single user, and its encoding keeps the API's own field names")
    func singleUser() throws {
        let body =
            #"{"data":{"id":2,"email":"janet.weaver@reqres.in","first_name":"Janet","last_name":"Weaver","avatar":"https://reqres.in/img/faces/2-image.jpg"}}"#
        let single = try JSONDecoder().decode(ReqresSingleUser.self, from: Data(body.utf8))
        #expect(single.data.fullName == "Janet Weaver" && single.support == nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(single.data), as: UTF8.self)
        #expect(
            json
                == #"{"avatar":"https://reqres.in/img/faces/2-image.jpg","email":"janet.weaver@reqres.in","first_name":"Janet","id":2,"last_name":"Weaver"}"#
        )
    }
}

/// Keys known in advance, so a feed can pipeline pages.
@Suite("reqres page keys")
struct ReqresPageKeyTests {
    @Test("the page after N is N + 1")
    func keyAfter() throws {
        let http = HTTPClient(baseURL: ReqresClient.defaultBaseURL)
        let source = ReqresPageSource(client: ReqresClient(http: http))
        #expect(source.key(after: 1) == 2)
        #expect(source.key(after: 41) == 42)
    }
}
