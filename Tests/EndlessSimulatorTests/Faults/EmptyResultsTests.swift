import Testing

@testable import EndlessSimulator

@Suite("Empty-results fault")
struct EmptyResultsTests {
    private func apply(_ text: String) -> String? {
        EmptyResults.apply(to: Array(text.utf8), at: .key("results")).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("compact JSON keeps info (and its results count) byte for byte")
    func compact() {
        let body = #"{"results":[{"name":{"first":"A]\"[{"},"results":[1]},{"x":[]}],"info":{"seed":"abc","results":2,"page":1,"version":"1.4"}}"#
        #expect(apply(body) == #"{"results":[],"info":{"seed":"abc","results":2,"page":1,"version":"1.4"}}"#)
    }

    @Test("pretty JSON and JSONP keep their shape")
    func prettyAndJSONP() {
        let pretty = "{\n  \"results\": [\n    {\n      \"gender\": \"male\"\n    }\n  ],\n  \"info\": {\n    \"results\": 1\n  }\n}"
        #expect(apply(pretty) == "{\n  \"results\": [],\n  \"info\": {\n    \"results\": 1\n  }\n}")
        #expect(apply(#"cb({"results":[{"a":1}],"info":{}});"#) == #"cb({"results":[],"info":{}});"#)
    }

    @Test("bodies without a top-level results array are left alone")
    func untouched() {
        #expect(apply(#"{"error":"x"}"#) == nil)
        #expect(apply(#"{"info":{"results":[1]}}"#) == nil)
        #expect(apply("gender,name.title\nmale,Mr") == nil)
        #expect(apply(#"{"results":[1,2"#) == nil)
    }
}
