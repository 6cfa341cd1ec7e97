import Foundation
import Testing

@testable import EndlessHTTP

@Suite("Body snippets are short, single-line and free of control characters")
struct BodySnippetTests {
    @Test("escape sequences, C1 controls and bidi overrides are removed; line breaks become spaces")
    func sanitizes() {
        let body = "  {\"error\":\u{1B}]0;title\u{07}\"x\u{1B}[31m\"}\r\n\tline\u{9B}2 \u{202E}evil\u{2066} \u{FEFF}"
        #expect(BodySnippet.make(from: Data(body.utf8)) == #"{"error":]0;title"x[31m"} line2 evil"#)
    }

    @Test("long bodies are cut to the limit with an ellipsis")
    func truncates() {
        let snippet = BodySnippet.make(from: Data(String(repeating: "é", count: 1000).utf8), limit: 10)
        #expect(snippet == String(repeating: "é", count: 9) + "…")
        #expect(BodySnippet.make(from: Data(String(repeating: "a", count: 5000).utf8)).count == BodySnippet.defaultLimit)
    }

    @Test("binary bodies are described, not dumped")
    func binary() {
        let jpeg = Data((0..<400).map { UInt8(($0 * 37 + 128) % 256) | 0x80 })
        #expect(BodySnippet.make(from: jpeg) == "(400 bytes of binary data)")
        #expect(BodySnippet.make(from: Data()) == "")
    }
}
