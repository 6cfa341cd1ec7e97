import Testing

@testable import EndlessSimulator

/// The one reader of numbers in requests: every hostile value comes back as a reading within
/// the bounds, never a trap.
@Suite("Numeric parameters")
struct NumericParameterTests {
    /// The values the sweep sends, and what a whole number in 1...100 reads them as.
    static let integerCases: [(text: String, reading: NumericReading<Int>)] = [
        ("-1", .tooSmall(clampedTo: 1)), ("0", .tooSmall(clampedTo: 1)), ("7", .valid(7)), ("+7", .valid(7)),
        ("2147483648", .tooLarge(clampedTo: 100)), ("9007199254740993", .tooLarge(clampedTo: 100)),
        ("9223372036854775807", .tooLarge(clampedTo: 100)), ("9223372036854775808", .tooLarge(clampedTo: 100)),
        ("18446744073709551616", .tooLarge(clampedTo: 100)), (String(repeating: "9", count: 60_000), .tooLarge(clampedTo: 100)),
        ("-9223372036854775808", .tooSmall(clampedTo: 1)), ("-99999999999999999999", .tooSmall(clampedTo: 1)),
        ("1e308", .malformed), ("1e309", .malformed), ("NaN", .malformed), ("-0", .tooSmall(clampedTo: 1)),
        ("", .malformed), ("abc", .malformed), ("1.5", .malformed), (" 7", .malformed), ("-", .malformed), ("+", .malformed),
        ("7abc", .malformed), ("０", .malformed),
    ]

    @Test("whole numbers: bounds, past Int both ways, and everything that is not one")
    func integers() {
        for (text, reading) in Self.integerCases {
            #expect(NumericParameter.integer(text, in: 1...100) == reading, "\(text.prefix(30))")
        }
        #expect(NumericParameter.integer(nil as String?, in: 1...100) == .absent)
        #expect(NumericParameter.integer("-0", in: 0...1) == .valid(0))
        #expect(NumericParameter.integer("-9223372036854775808", in: Int.min...0) == .valid(Int.min))
        #expect(NumericParameter.integer("9223372036854775807", in: 0...Int.max) == .valid(Int.max))
        #expect(NumericParameter.integer("-9223372036854775809", in: Int.min...0) == .tooSmall(clampedTo: Int.min))
    }

    @Test("decimals as imgix reads them: infinities past the bounds, NaN and the like not numbers, -0 is 0")
    func decimals() {
        let bounds = Double.leastNonzeroMagnitude...8192
        let cases: [(String, NumericReading<Double>)] = [
            ("-1", .tooSmall(clampedTo: bounds.lowerBound)), ("0", .tooSmall(clampedTo: bounds.lowerBound)),
            ("-0", .tooSmall(clampedTo: bounds.lowerBound)), ("0.5", .valid(0.5)), (".5", .valid(0.5)), ("5.", .valid(5)),
            ("400", .valid(400)), ("4e2", .valid(400)), ("2147483648", .tooLarge(clampedTo: 8192)),
            ("9007199254740993", .tooLarge(clampedTo: 8192)), ("18446744073709551616", .tooLarge(clampedTo: 8192)),
            ("1e308", .tooLarge(clampedTo: 8192)), ("1e309", .tooLarge(clampedTo: 8192)), ("-1e309", .tooSmall(clampedTo: bounds.lowerBound)),
            ("1e-400", .tooSmall(clampedTo: bounds.lowerBound)), (String(repeating: "9", count: 60_000), .tooLarge(clampedTo: 8192)),
            ("NaN", .malformed), ("nan", .malformed), ("inf", .malformed), ("Infinity", .malformed), ("0x10", .malformed),
            ("", .malformed), ("abc", .malformed), (".", .malformed), ("1e", .malformed), ("1e+", .malformed), (" 1", .malformed),
            ("1 ", .malformed), ("--1", .malformed),
        ]
        for (text, reading) in cases {
            #expect(NumericParameter.decimal(text, in: bounds) == reading, "\(text.prefix(30))")
        }
        let zero = NumericParameter.decimal("-0", in: -1...1).value
        #expect(zero == 0 && zero?.sign == .plus)
    }

    @Test("JavaScript's Number(): empty is 0, hexadecimal and Infinity are numbers, NaN is not")
    func javaScript() {
        #expect(NumericParameter.javaScriptNumber("", in: 1...5000) == .tooSmall(clampedTo: 1))
        #expect(NumericParameter.javaScriptNumber(" 0x10 ", in: 1...5000) == .valid(16))
        #expect(NumericParameter.javaScriptNumber("Infinity", in: 1...5000) == .tooLarge(clampedTo: 5000))
        #expect(NumericParameter.javaScriptNumber("1e309", in: 1...5000) == .tooLarge(clampedTo: 5000))
        #expect(NumericParameter.javaScriptNumber("NaN", in: 1...5000) == .malformed)
        #expect(NumericParameter.javaScriptNumber("abc", in: 1...5000) == .malformed)
        #expect(NumericParameter.javaScriptNumber(nil, in: 1...5000) == .absent)
    }

    @Test("how services resolve a reading: clamp it, or take the default below the bounds")
    func resolving() {
        let bounds = 1...30
        #expect(NumericParameter.integer("50", in: bounds).clamped(default: 10) == 30)
        #expect(NumericParameter.integer("-3", in: bounds).clamped(default: 10) == 1)
        #expect(NumericParameter.integer("abc", in: bounds).clamped(default: 10) == 10)
        #expect(NumericParameter.integer(nil as String?, in: bounds).clamped(default: 10) == 10)
        #expect(NumericParameter.integer("-3", in: bounds).clampedAbove(default: 6) == 6)
        #expect(NumericParameter.integer("18446744073709551616", in: bounds).clampedAbove(default: 6) == 30)
        #expect(NumericParameter.integer("", in: bounds).isPresent && !NumericParameter.integer(nil as String?, in: bounds).isPresent)
    }

    @Test("a query's numbers: the last value wins, percent-escapes decoded")
    func query() {
        let query = QueryParameters("page=2&page=%39&w=1e309&per_page=")
        #expect(query.integer("page", in: 1...100) == .valid(9))
        #expect(query.decimal("w", in: 1...8192) == .tooLarge(clampedTo: 8192))
        #expect(query.integer("per_page", in: 1...30) == .malformed)
        #expect(query.integer("missing", in: 1...30) == .absent)
    }

    @Test("a page of a list: never overflows, empty before the first page and past the end")
    func pageSlice() {
        #expect(PageSlice.positions(page: 2, perPage: 6, count: 12) == 6..<12)
        #expect(PageSlice.positions(page: 3, perPage: 5, count: 12) == 10..<12)
        #expect(PageSlice.positions(page: 3, perPage: 6, count: 12).isEmpty)
        #expect(PageSlice.positions(page: .max, perPage: .max, count: 12).isEmpty)
        #expect(PageSlice.positions(page: 1, perPage: .max, count: 12) == 0..<12)
        #expect(PageSlice.positions(page: Int.max / 2, perPage: 3, count: .max).isEmpty)
        #expect(PageSlice.positions(page: 0, perPage: 6, count: 12).isEmpty)
        #expect(PageSlice.positions(page: .min, perPage: -1, count: 12).isEmpty)
        #expect(PageSlice.pageCount(count: 12, perPage: 5) == 3 && PageSlice.pageCount(count: 12, perPage: .max) == 1)
        #expect(PageSlice.pageCount(count: .max, perPage: 1) == .max && PageSlice.pageCount(count: 0, perPage: 6) == 0)
    }
}
