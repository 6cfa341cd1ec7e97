import EndlessHTTP
import EndlessSimulator
import Foundation
import Testing

@testable import RandomUserAPI

/// The fast reader must read exactly what the `Codable` models read, or step aside: for any
/// body, it either gives up (nil) or returns what `JSONDecoder` returns, and on the bodies
/// real servers send it does not give up.
@Suite("The fast response reader agrees with JSONDecoder")
struct FastDecoderEquivalenceTests {
    /// Decodes `body` both ways; fails the test when they disagree. Returns whether the fast
    /// reader took the body.
    @discardableResult
    static func agree(_ body: Data, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let slow = Result { try JSONDecoder().decode(RandomUserResponse.self, from: body) }
        guard let fast = FastResponseDecoder.decode(body) else { return false }
        switch slow {
        case .success(let decoded):
            // JSONDecoder cannot keep the objects as sent; the reader attaches them the same way.
            let expected = decoded.keeping(try? RawJSON(parsing: body))
            #expect(fast == expected, "the fast reader read something else", sourceLocation: sourceLocation)
            #expect(fast.results.map(\.id) == expected.results.map(\.id), sourceLocation: sourceLocation)
        case .failure(let error):
            Issue.record("the fast reader accepted a body JSONDecoder refuses: \(error)", sourceLocation: sourceLocation)
        }
        return true
    }

    @discardableResult
    static func agree(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        agree(Data(json.utf8), sourceLocation: sourceLocation)
    }

    @Test("every captured body, and the v1.3+ ones take the fast path", arguments: Fixtures.all)
    func fixtures(name: String) throws {
        let took = Self.agree(try Fixtures.data(name))
        if name != Fixtures.v10 { #expect(took) }
    }

    @Test("the simulator's pages in every nationality, pretty-printed too")
    func generated() throws {
        let generator = RandomUserGenerator(data: try GeneratorData.builtIn(), bodyCache: nil)
        for query in [
            "seed=fast&results=500", "seed=fast&results=50&fmt=pretty", "seed=fast&results=30&inc=name,dob,nat", "seed=fast&results=40&noinfo",
        ] {
            let body = try generator.respond(toQuery: query, now: Date(), portraitBaseURL: "http://h/api/portraits/").body
            #expect(Self.agree(Data(body)), "\(query)")
        }
    }

    @Test(
        "the shapes the models tolerate",
        arguments: [
            #"{"location":{"postcode":34954}}"#, #"{"location":{"postcode":"K47 1GX"}}"#,
            #"{"location":{"postcode":null}}"#, #"{"location":{"postcode":{"a":1}}}"#,
            #"{"location":{"postcode":12.5}}"#, #"{"location":{"postcode":-0}}"#,
            #"{"id":{"name":"","value":null}}"#, #"{"id":{"name":"TFN"}}"#, #"{"id":null}"#, #"{"id":"x"}"#,
            #"{"location":{"street":"6738 lone wolf trail"}}"#, #"{"location":{"street":"12b baker st"}}"#,
            #"{"location":{"street":{"number":7541,"name":"Hoveniersdreef"}}}"#,
            #"{"location":{"street":{"number":"12","name":"Jasker"}}}"#, #"{"location":{"street":null}}"#,
            #"{"location":{"street":42}}"#, #"{"location":{"street":true}}"#,
            #"{"dob":{"date":"1951-11-01T17:49:27.423Z","age":69}}"#, #"{"dob":{"date":"1983-07-14T07:29:45Z","age":35}}"#,
            #"{"dob":"1968-06-11 04:46:39"}"#, #"{"dob":449536660}"#, #"{"dob":{"date":449536660}}"#,
            #"{"dob":{"date":"1983-07-14T09:29:45+02:00","age":"35"}}"#, #"{"dob":{"date":null,"age":null}}"#,
            #"{"dob":{}}"#, #"{"dob":{"date":true}}"#, #"{"dob":{"age":2.0}}"#, #"{"dob":1.5}"#, #"{"dob":[1]}"#,
            #"{"registered":{"date":"yesterday","age":3}}"#, #"{"registered":9223372036854775807}"#,
            #"{"registered":{"date":-9223372036854775808}}"#, #"{"registered":253402300800}"#,
            #"{"registered":253402300799}"#, #"{"registered":99999999999999999999}"#,
            #"{"name":{"title":"Ms","first":"Aada","last":"Lehtonen"}}"#,
            #"{"gender":null,"name":null,"email":null,"login":{"uuid":null}}"#,
            #"{"gender":"female","lego":true,"name":{"first":"Olive","middle":"X"},"location":{"city":"Lower Hutt","zip":"7"},"extra":[1,2]}"#,
            #"{"location":{"coordinates":{"latitude":-47.7608,"longitude":12}}}"#,
            #"{"location":{"coordinates":{"latitude":"-47.7608","longitude":"12.0000"}}}"#,
            #"{"gender":true,"email":{"a":1},"phone":[1,"2"],"cell":false,"nat":null}"#,
            #"{"gender":1234}"#, #"{"login":{"uuid":"u","salt":12}}"#, #"{"login":{"uuid":""}}"#, #"{}"#,
            #"{"name":{"first":"Zoë","last":"Ørsted"},"location":{"city":"Zürich"}}"#,
            #"{"name":{"first":"\u00e9\u4e2d\ud83d\ude00","last":"tab\tnew\nline\"quote\\slash\/"}}"#,
            #"{"name":{"first":"\ud800"}}"#, #"{"name":{"first":"\udc00x"}}"#, #"{"name":{"first":"\u0000"}}"#,
            #"{"name":{"first":"\x"}}"#, #"{"name":{"first":"a","first":"b"}}"#, #"{"gender":"a","gender":"b"}"#,
            #"{"g\u0065nder":"male"}"#, #"{"user":{"name":"x"},"version":"0.8"}"#, #"{"user":{},"name":{"first":"a"}}"#,
            #"{ "gender" : "male" , "nat" : "NL" }"#, "{\n\t\"gender\":\r\n\"male\"}",
            #"{"picture":{"large":"https://randomuser.me/api/portraits/men/1.jpg"}}"#, #"{"picture":"x"}"#,
            #"{"location":{"timezone":{"offset":"+5:30","description":"Bombay, Calcutta"}}}"#,
            #"{"unknown":{"deep":[[[[{"x":[null,true,false,-1.5e-3,0,"s"]}]]]]}}"#,
        ])
    func shapes(user: String) {
        let body = Data(#"{"results":[\#(user)],"info":{"seed":"s","results":1,"page":1,"version":"1.4"}}"#.utf8)
        Self.agree(body)
    }

    @Test("the common shapes take the fast path")
    func commonShapesAreFast() {
        for user in [
            #"{"location":{"postcode":34954}}"#, #"{"location":{"postcode":"K47 1GX"}}"#,
            #"{"location":{"street":"6738 lone wolf trail"}}"#, #"{"dob":449536660}"#,
            #"{"dob":{"date":"1983-07-14T07:29:45Z","age":35}}"#, #"{"id":{"name":"","value":null}}"#,
            #"{"gender":null,"name":null,"email":null,"login":{"uuid":null}}"#,
            #"{"name":{"first":"\u00e9\u4e2d\ud83d\ude00","last":"tab\tnew\nline\"quote\\slash\/"}}"#,
        ] {
            #expect(Self.agree(#"{"results":[\#(user)]}"#), "\(user)")
        }
    }

    @Test(
        "whole bodies: odd tops, errors and JSON that is not JSON",
        arguments: [
            #"{"results":[]}"#, #"{"results":[],"info":null}"#, #"{"results":[],"info":{"seed":42,"results":"3","page":2.5,"version":1.4}}"#,
            #"{"results":[],"info":{"seed":"a","results":0,"page":1,"version":"1.4","took":"3ms"},"meta":{}}"#,
            #"{"info":{"results":1}}"#, #"{"results":null}"#, #"{"results":{}}"#, #"{"results":[null]}"#, #"{"results":[1]}"#,
            #"{"error":"Uh oh, something has gone wrong."}"#, #"{"results":[],"error":"x"}"#, #"{"results":[],"info":"x"}"#,
            #"{"results":[]} x"#, #"{"results":[],}"#, #"{"results":[{"nat":"FI"},]}"#, #"{"results":[{"x":01}]}"#,
            #"{"results":[{"x":-}]}"#, #"{"results":[{"x":1.}]}"#, #"{"results":[{"x":1e}]}"#, #"{"results":[{"x":NaN}]}"#,
            #"{"results":[{"x":tru}]}"#, #"{"results":[{"nat":"FI"}"#, #"{"results":[{"nat":"F"#, "", " ", "[]", "null",
            #"{"results":[],"results":[]}"#, "{\"results\":[{\"nat\":\"a\u{01}b\"}]}", #"{"results":[{"nat":"FI"}]}  "#,
            "\u{FEFF}{\"results\":[]}", #"{"results":[{"x":"\uZZZZ"}]}"#,
        ])
    func bodies(json: String) {
        Self.agree(json)
    }

    @Test("a string read eight bytes at a time: a quote, an escape, a control, UTF-8 or a broken byte at every place in it")
    func longStrings() {
        // Each inserted in a run of plain letters long enough for several words of eight.
        let specials: [[UInt8]] = [
            Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8),
            Array(#"\n"#.utf8), [0x01], [0x1F], [0x7F], [0xC3], [0xFF], [0xE4, 0xB8],
        ]
        var fast = 0
        for special in specials {
            for place in 0...20 {
                var text = Array(repeating: UInt8(ascii: "a"), count: 21)
                text.insert(contentsOf: special, at: place)
                let body = Array(#"{"results":[{"name":{"first":""#.utf8) + text + Array(#"","last":"Ørsted and more letters"}}]}"#.utf8)
                if Self.agree(Data(body)) { fast += 1 }
            }
        }
        // Controls (below 0x20) and broken UTF-8 are left to JSONDecoder; the rest (DEL too) is read.
        #expect(fast == 8 * 21, "\(fast)")
    }

    @Test("invalid UTF-8 and deep nesting are left to JSONDecoder")
    func invalidBytesAndDepth() {
        var invalid = Array(#"{"results":[{"nat":""#.utf8)
        invalid += [0xC3, 0x28]
        invalid += Array(#""}]}"#.utf8)
        #expect(!Self.agree(Data(invalid)))
        var skippedInvalid = Array(#"{"results":[{"other":""#.utf8)
        skippedInvalid += [0xFF]
        skippedInvalid += Array(#""}]}"#.utf8)
        #expect(!Self.agree(Data(skippedInvalid)))
        let deep = #"{"results":[{"x":"# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}]}"
        #expect(!Self.agree(deep))
    }

    @Test("the reader the client uses still words errors as before")
    func readerErrors() {
        #expect(throws: RandomUserAPIError.self) {
            try RandomUserResponseReader.read(
                statusCode: 200, contentType: "application/json", body: Data(#"{"error":"Uh oh"}"#.utf8))
        }
        do {
            _ = try RandomUserResponseReader.read(
                statusCode: 200, contentType: "application/json",
                body: Data(#"{"results":[{"dob":{"date":"yesterday"}}]}"#.utf8))
            Issue.record("an impossible date was accepted")
        } catch {
            #expect(error.description.contains("results[0].dob.date"))
        }
    }
}
