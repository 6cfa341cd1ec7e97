import EndlessHTTP
import Foundation
import Testing

@testable import RandomUserAPI

/// The reader keeps the body each person came from, at no cost it can avoid: a body sent
/// compact is kept as it came (the fast reader checked it while reading it), one with
/// whitespace is compacted once, and the rest are found in the body checked as JSON.
@Suite("The body as sent, kept by the reader")
struct KeptBodyTests {
    static func read(_ body: Data) throws -> RandomUserResponse {
        try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: body)
    }

    @Test("a compact body is kept as it came, not copied; each person is a slice of it, byte for byte")
    func compactBody() throws {
        let body = try Fixtures.data(Fixtures.v13)  // captured minified
        let response = try Self.read(body)
        let address = { (data: Data) in data.withUnsafeBytes { $0.baseAddress } }
        #expect(address(response.rawJSON.bytes) == address(body), "the body itself, not a copy")
        #expect(response.results.map(\.rawJSON) == (try RawJSON(parsing: body)["results"]?.elements))
    }

    @Test("a body with whitespace is kept compacted, each person as its compacted object", arguments: [Fixtures.v10, Fixtures.v14Mixed])
    func prettyBody(_ name: String) throws {
        let body = try Fixtures.data(name)
        let response = try Self.read(body)
        #expect(response.rawJSON.bytes.count < body.count)
        #expect(response.rawJSON == (try RawJSON(parsing: body)))
        #expect(response.results.map(\.rawJSON) == (try RawJSON(parsing: body)["results"]?.elements))
        #expect(response.results.allSatisfy { !$0.rawJSON.text.contains("\n") })
    }

    @Test("bodies the fast reader leaves to JSONDecoder (a non-ASCII key, an escaped key) keep each person too")
    func slowPath() throws {
        for person in [#"{"name":{"first":"A"},"ключ":1}"#, #"{"name":{"first":"B"},"n\u0061t":"NL"}"#] {
            let body = Data(#"{"results":[\#(person)],"info":{"seed":"s","results":1,"page":1,"version":"1.4"}}"#.utf8)
            #expect(FastResponseDecoder.decodeKeepingBody(body) == nil)
            let response = try Self.read(body)
            #expect(response.results.first?.rawJSON.text == person)
            #expect(response.results.first?.name?.first != nil)
        }
    }
}
