import EndlessHTTP
import Foundation
import Testing

@Suite("LiteralJSON: numbers as sent, strict grammar, order kept")
struct LiteralJSONTests {
    @Test(
        "numbers keep their literal text, and print back exactly",
        arguments: [
            "19812345.0", "2.456e-05", "0.00002456", "96000", "-0", "1E+2", "1e-7", "1903456789012", "-12.50",
            "123456789012345678901234567890",
        ])
    func numbersRoundTrip(_ literal: String) throws {
        let document = try LiteralJSON.parse(Array(#"{"n":\#(literal)}"#.utf8))
        #expect(document["n"]?.number?.literal == literal)
        #expect(document.compactText() == #"{"n":\#(literal)}"#)
    }

    @Test("objects keep their order; a repeated key reads as its last value")
    func order() throws {
        let document = try LiteralJSON.parse(Array(#"{ "b" : 1, "a" : [true, false, null], "b" : "two" }"#.utf8))
        #expect(document.object?.keys == ["b", "a", "b"])
        #expect(document["b"]?.string == "two")
        #expect(document["a"]?.array == [.bool(true), .bool(false), .null])
        #expect(document.compactText() == #"{"b":1,"a":[true,false,null],"b":"two"}"#)
        #expect(document.prettyText() == "{\n  \"b\": 1,\n  \"a\": [true, false, null],\n  \"b\": \"two\"\n}")
    }

    @Test("strings: escapes, surrogate pairs, raw UTF-8; written back escaped as JSON.stringify does")
    func strings() throws {
        let document = try LiteralJSON.parse(Array(#"["a\"b\\c\/d\n\u00e9\ud83d\ude80 ₿", "\u001b[31m"]"#.utf8))
        #expect(document.array?.first?.string == "a\"b\\c/d\né🚀 ₿")
        #expect(document.array?.last?.string == "\u{1B}[31m")
        #expect(document.compactText() == #"["a\"b\\c/d\né🚀 ₿","\u001b[31m"]"#)
        #expect(document.compactText(escaping: { $0 == "₿" }).hasSuffix(#" \u20bf","\u001b[31m"]"#))
    }

    @Test(
        "refuses what RFC 8259 refuses, saying where",
        arguments: [
            ("[1,]", 3), ("01", 1), ("[1.]", 3), ("{\"a\" 1}", 5), ("\"\\ud800\"", 7), ("\"a\tb\"", 2), ("[1] x", 4),
            ("{\"a\":", 5), ("tru", 0), ("-", 1), ("1e", 2), ("\"\\x\"", 2), ("", 0), ("NaN", 0),
        ])
    func refusals(_ text: String, offset: Int) {
        #expect(throws: JSONSyntaxError.self) { try LiteralJSON.parse(Array(text.utf8)) }
        do {
            _ = try LiteralJSON.parse(Array(text.utf8))
        } catch {
            #expect(error.offset == offset, "\(text): \(error)")
        }
    }

    @Test("nesting is bounded, so a hostile body cannot exhaust the stack")
    func depth() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try LiteralJSON.parse(Array(deep.utf8)) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect((try? LiteralJSON.parse(Array(fine.utf8))) != nil)
    }

    @Test("a number reads as a Double, an Int when whole, and exact decimal digits")
    func numberViews() throws {
        let number = try #require(LiteralJSON.Number("1.2e1"))
        #expect(number.double == 12)
        #expect(number.int == 12)
        #expect(LiteralJSON.Number("12.5")?.int == nil)
        #expect(LiteralJSON.Number("1903456789012")?.int == 1_903_456_789_012)
        #expect(LiteralJSON.Number("12 ") == nil)
        #expect(LiteralJSON.Number("+1") == nil)
    }
}

@Suite("DecimalNumber: money without a Double")
struct DecimalNumberTests {
    @Test(
        "fixed-point text with grouping, rounded half away from zero",
        arguments: [
            ("96000", 2, "96,000.00"), ("0.00002456", 8, "0.00002456"), ("2.456e-05", 8, "0.00002456"),
            ("1234567.895", 2, "1,234,567.90"), ("9.995", 2, "10.00"), ("-0.004", 2, "0.00"), ("-1234.5", 0, "-1,235"),
            ("999999.999", 2, "1,000,000.00"), ("0", 2, "0.00"), ("1e3", 1, "1,000.0"), ("123", 0, "123"),
        ])
    func formatted(_ literal: String, places: Int, expected: String) throws {
        let value = try #require(DecimalNumber(literal))
        #expect(value.formatted(fractionDigits: places, groupingSeparator: ",") == expected)
    }

    @Test("significant digits and the leading power")
    func significant() throws {
        let tiny = try #require(DecimalNumber("0.000024564"))
        #expect(tiny.leadingPower == -5)
        #expect(tiny.rounded(significantDigits: 4).description == "0.00002456")
        #expect(try #require(DecimalNumber("0.99996")).rounded(significantDigits: 4).description == "1")
        #expect(try #require(DecimalNumber("96123.45")).rounded(significantDigits: 3).description == "96100")
        #expect(DecimalNumber.zero.leadingPower == nil)
        #expect(try #require(DecimalNumber("1.50e3")) == DecimalNumber(1500))
    }

    @Test("orders by value, signs included")
    func ordering() throws {
        let values = try ["-2", "-1.5", "0", "0.001", "0.01", "1", "1.0001", "10"].map { try #require(DecimalNumber($0)) }
        #expect(values == values.shuffled().sorted())
    }

    @Test("a magnitude no text can hold costs its digits, not its size: 1e999999999 and 1e-999999999")
    func hugeExponents() throws {
        let huge = try #require(DecimalNumber("1e999999999"))
        #expect(huge.leadingPower == 999_999_999)
        #expect(huge.formatted(fractionDigits: 2, groupingSeparator: ",") == "1e999999999")
        #expect(huge.description == "1e999999999")
        #expect(huge.double == .infinity)
        let tiny = try #require(DecimalNumber("-2.5e-999999999"))
        #expect(tiny.description == "-2.5e-999999999")
        #expect(tiny.double == 0)
        #expect(tiny.rounded(significantDigits: 4).leadingPower == -999_999_999)
        #expect(tiny < DecimalNumber.zero && DecimalNumber.zero < huge)
        // Past 10^15 an exponent saturates rather than overflow.
        let absurd = try #require(DecimalNumber("1e" + String(repeating: "9", count: 40)))
        #expect(absurd.leadingPower == 1_000_000_000_000_000)
        #expect(try #require(DecimalNumber("12.5e-3")).scientificText == "1.25e-2")
    }
}
