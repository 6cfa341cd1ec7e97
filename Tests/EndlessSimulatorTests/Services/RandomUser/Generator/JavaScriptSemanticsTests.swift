import Testing

@testable import EndlessSimulator

@Suite("JavaScript number and string semantics")
struct JavaScriptSemanticsTests {
    @Test(
        "Number(s) as ECMAScript converts strings",
        arguments: [
            (" 7 ", 7.0), ("", 0.0), ("0x10", 16), ("0X1f", 31), ("0b101", 5), ("0o17", 15), ("1e3", 1000), ("5.", 5),
            (".5", 0.5), ("-2.5", -2.5), ("+4", 4), ("Infinity", .infinity), ("-Infinity", -.infinity),
            ("\u{A0}7\u{2028}", 7), ("1e-7", 1e-7),
        ])
    func numbers(text: String, expected: Double) {
        #expect(JSNumber.number(text) == expected)
    }

    @Test(
        "Number(s) is NaN for what ECMAScript rejects",
        arguments: ["abc", ".", "1_0", "+0x10", "-0x10", "0x", "1e", "infinity", "12px", "1 2", "0b2"])
    func notNumbers(text: String) {
        #expect(JSNumber.number(text).isNaN)
    }

    @Test("parseInt(s, 16): sign, whitespace, 0x prefix, longest hex prefix")
    func parseHex() {
        #expect(JSNumber.parseHexInt("04") == 4)
        #expect(JSNumber.parseHexInt("1g") == 1)
        #expect(JSNumber.parseHexInt("-0").map { $0 == 0 && $0.sign == .minus } == true)
        #expect(JSNumber.parseHexInt(" f") == 15)
        #expect(JSNumber.parseHexInt("+f") == 15)
        #expect(JSNumber.parseHexInt("0x") == nil)
        #expect(JSNumber.parseHexInt("zz") == nil)
        #expect(JSNumber.parseHexInt("0x1A") == 26)
    }

    static let numberStringCases: [(Double, String)] = [
        (2.5, "2.5"), (16, "16"), (1e-7, "1e-7"), (0.000001, "0.000001"), (1e21, "1e+21"),
        (1.2345678901234568e20, "123456789012345680000"), (1.0 / 3, "0.3333333333333333"), (-0.5, "-0.5"),
        (100, "100"), (0, "0"), (1.5e300, "1.5e+300"), (Double.leastNonzeroMagnitude, "5e-324"),
    ]

    @Test("String(n): shortest round-trip digits in ECMAScript layout", arguments: numberStringCases)
    func numberStrings(value: Double, expected: String) {
        #expect(JSNumber.string(value) == expected)
    }

    @Test("trim and split work on Unicode scalars, like JS strings")
    func strings() {
        #expect(JSNumber.trim("\u{FEFF} a b\u{3000}") == "a b")
        #expect(JSString.split(",a,,b,", on: ",") == ["", "a", "", "b", ""])
        #expect(JSString.split(",\u{301}x", on: ",") == ["", "\u{301}x"])
        #expect(JSString.length("😀ab") == 4)
        #expect(JSString.slice("abc😀", from: 0, to: 4) == "abc\u{FFFD}")
    }

    @Test("qs decoding: + as space, percent-escapes as UTF-8, malformed escapes kept")
    func queryDecoding() {
        let decode = { (text: String) in QueryParameters.decode(Array(text.utf8)[...]) }
        #expect(decode("a+b%2B") == "a b+")
        #expect(decode("%E2%82%AC") == "€")
        #expect(decode("%") == "%")
        #expect(decode("100%+sure") == "100% sure")
        #expect(decode("%ED%A0%80") == "%ED%A0%80")
        #expect(decode("%C0%AF") == "%C0%AF")
    }

    @Test("query parameters: repeated keys keep their order, bracket arrays join their base key")
    func queryParameters() {
        let query = QueryParameters("a=1&b&a=2&c[]=x&c[1]=y&&d[k]=z&e=")
        #expect(query.all("a") == ["1", "2"])
        #expect(query.last("a") == "2")
        #expect(query.contains("b") && query.last("b") == "")
        #expect(query.all("c") == ["x", "y"])
        #expect(query.all("d[k]") == ["z"])
        #expect(query.joined("a") == "1,2")
        #expect(query.last("missing") == nil)
        #expect(QueryParameters("a[]=1&a=2&a[]=3").all("a") == ["1", "3", "2"])
    }
}
