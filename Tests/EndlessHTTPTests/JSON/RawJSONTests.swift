import EndlessHTTP
import Foundation
import Testing

/// ``RawJSON``: a value kept as sent (only whitespace between tokens goes), checked once with
/// bounds, navigated and written back without changing what it means.
@Suite("RawJSON: a value exactly as sent")
struct RawJSONTests {
    @Test("keeps keys in their order, a key sent twice, escapes and number digits; drops only whitespace")
    func keepsWhatWasSent() throws {
        let sent = "{ \"b\" : 1.50 ,\n \"a\": [ 1E+3, -0.0, 19812345.0 ],\t\"b\": \"x\\u00e9\\/y\", \"n\": null }"
        let raw = try RawJSON(parsing: Array(sent.utf8))
        #expect(raw.text == #"{"b":1.50,"a":[1E+3,-0.0,19812345.0],"b":"x\u00e9\/y","n":null}"#)
        #expect(raw.members?.map(\.key) == ["b", "a", "b", "n"])
        #expect(raw["b"]?.string == "xé/y", "a key sent twice reads as its last value")
        #expect(raw["a"]?.elements?.map(\.text) == ["1E+3", "-0.0", "19812345.0"])
        #expect(raw["n"]?.kind == .null)
        #expect(raw["missing"] == nil)
        #expect(raw["a"]?["b"] == nil, "an array has no members")
    }

    @Test("strings with whitespace, brackets and escaped quotes inside are kept whole")
    func stringsAreOpaque() throws {
        let raw = try RawJSON(parsing: Array(#"[ "a , b", "{ [\" ] }", "\\", "line\nbreak" ]"#.utf8))
        #expect(raw.elements?.count == 4)
        #expect(raw.elements?.map(\.string) == ["a , b", "{ [\" ] }", "\\", "line\nbreak"])
    }

    @Test(
        "refuses what RFC 8259 refuses, saying where",
        arguments: [
            ("[1,]", 3), ("{\"a\":1,}", 7), ("\"\\udc00\"", 7), ("\"\\ud800x\"", 7), ("[\"\u{7}\"]", 2), ("{} {}", 3), ("[01]", 2),
        ])
    func refusals(_ text: String, offset: Int) {
        do {
            _ = try RawJSON(parsing: Array(text.utf8))
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
        }
    }

    @Test(
        "bytes that are not UTF-8 inside a string are refused: overlong, surrogates, past U+10FFFF, cut short",
        arguments: [[0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF]] as [[UInt8]])
    func notUTF8(_ sequence: [UInt8]) {
        let bytes = Array("[\"a".utf8) + sequence + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError.self) { try RawJSON(parsing: bytes) }
    }

    @Test("valid UTF-8 of every length is kept byte for byte; a leading byte order mark is ignored")
    func validUTF8() throws {
        let text = "[\"é ₿ 🚀 \u{10FFFF}\"]"
        let raw = try RawJSON(parsing: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(Array(raw.bytes) == Array(text.utf8))
        #expect(raw.elements?.first?.string == "é ₿ 🚀 \u{10FFFF}")
    }

    @Test("nesting is bounded (256): a hostile body is refused, never exhausts the stack")
    func depth() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try RawJSON(parsing: Array(deep.utf8)) }
        let objects = String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 300)
        #expect(throws: JSONSyntaxError.self) { try RawJSON(parsing: Array(objects.utf8)) }
        let fine = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect((try? RawJSON(parsing: Array(fine.utf8))) != nil)
    }

    @Test("a number keeps every digit whatever its size: 1e999999999 costs its nine digits")
    func hugeNumbers() throws {
        let raw = try RawJSON(parsing: Array(#"{"current_price":1e999999999,"tiny":-1.5E-999999999}"#.utf8))
        #expect(raw["current_price"]?.text == "1e999999999")
        #expect(raw.compactText() == #"{"current_price":1e999999999,"tiny":-1.5E-999999999}"#)
        #expect(LiteralJSON(raw)["current_price"]?.number?.literal == "1e999999999")
    }

    @Test("compact and indented text parse back to the same value; arrays of scalars stay on one line")
    func writing() throws {
        let raw = try RawJSON(parsing: Array(#"{"id":"a","n":[1,2.50,"x"],"o":{"e":{},"l":[],"m":[{"k":true}]}}"#.utf8))
        #expect(raw.compactText() == raw.text)
        let pretty = raw.prettyText()
        #expect(
            pretty == """
                {
                  "id": "a",
                  "n": [1, 2.50, "x"],
                  "o": {
                    "e": {},
                    "l": [],
                    "m": [
                      {
                        "k": true
                      }
                    ]
                  }
                }
                """)
        #expect(try RawJSON(parsing: Array(pretty.utf8)) == raw)
    }

    @Test("characters a terminal acts on can be written as escapes; the value does not change")
    func escaping() throws {
        // DEL, the 8-bit CSI, RLO, LINE SEPARATOR, BOM and an emoji past U+FFFF, all raw in the string.
        let raw = try RawJSON(parsing: Array("[\"a\u{7F}b\u{9B}c\u{202E}d\u{2028}e\u{FEFF}f😀\",\"\\u001b\"]".utf8))
        let written = raw.compactText { $0.value >= 0x7F && $0.value <= 0x9F || [0x202E, 0x2028, 0xFEFF, 0x1F600].contains($0.value) }
        #expect(written == #"["a\u007fb\u009bc\u202ed\u2028e\ufefff\ud83d\ude00","\u001b"]"#)
        #expect(written.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 })
        #expect(try RawJSON(parsing: Array(written.utf8)).elements?.map(\.string) == raw.elements?.map(\.string))
    }

    @Test("values made of values: an array of elements, a model's encoding with sorted keys")
    func making() throws {
        let elements = try [RawJSON(parsing: Array("1".utf8)), RawJSON(parsing: Array(#"{"b":2}"#.utf8))]
        #expect(RawJSON(array: elements).text == #"[1,{"b":2}]"#)
        #expect(RawJSON(array: []).text == "[]")
        struct Model: Encodable { let zeta = 1, alpha = "/" }
        #expect(try RawJSON(encoding: Model()).text == #"{"alpha":"/","zeta":1}"#)
    }

    @Test("decoding a model from a value says where its shape was wrong")
    func decoding() throws {
        struct Model: Decodable { let id: Int }
        let raw = try RawJSON(parsing: Array(#"{"id":"seven"}"#.utf8))
        do {
            _ = try raw.decode(Model.self)
            Issue.record("decoded")
        } catch {
            guard case .decoding(let path, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path == "id")
        }
        let (model, body) = try RawJSON.decode(Model.self, from: Data(#"{"id": 7, "extra": 1.0}"#.utf8))
        #expect(model.id == 7)
        #expect(body?.text == #"{"id":7,"extra":1.0}"#)
    }
}
