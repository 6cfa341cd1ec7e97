/// A number as exact decimal digits: a JSON literal's value with nothing lost to binary
/// floating point, for formatting money (`96,000.00`, `0.00002456`) without a `Double`.
///
/// The value is `significand × 10^exponent`, the significand being ``digits`` read as a whole
/// number; digits carry no leading or trailing zeros, so equal values are equal structs.
public struct DecimalNumber: Sendable, Hashable, CustomStringConvertible {
    /// Whether the value is below zero (never set for zero).
    public let isNegative: Bool
    /// The significant digits, most significant first, each 0-9; empty for zero.
    public let digits: [UInt8]
    /// The power of ten of the last digit.
    public let exponent: Int

    /// Zero.
    public static let zero = DecimalNumber(isNegative: false, digits: [], exponent: 0)

    /// The largest exponent read from a literal; larger ones read as this (`1e999999999999999999`
    /// is kept as `1e1000000000000000`).
    static let exponentLimit = 1_000_000_000_000_000

    /// The longest text ``formatted(fractionDigits:groupingSeparator:)`` writes in plain digits.
    /// Plain text grows with the value's magnitude, not with its digits (`1e999999999` would be
    /// a billion characters), so past this the value is written with an exponent instead:
    /// formatting never costs more than the literal's own length, plus this.
    public static let maximumPlainLength = 4096

    init(isNegative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits
        var exponent = exponent
        let leading = digits.prefix { $0 == 0 }.count
        digits.removeFirst(leading)
        while let last = digits.last, last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.isNegative = isNegative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The value of a JSON number literal, e.g. `-1.50e3`.
    /// - Parameter literal: text the caller has checked against the JSON number grammar.
    init(checkedLiteral literal: String) {
        var negative = false
        var digits: [UInt8] = []
        var fractionCount = 0
        var inFraction = false
        var exponentValue = 0
        var exponentNegative = false
        var inExponent = false
        for byte in literal.utf8 {
            switch byte {
            case UInt8(ascii: "-") where !inExponent: negative = true
            case UInt8(ascii: "-"): exponentNegative = true
            case UInt8(ascii: "+"): break
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = byte - UInt8(ascii: "0")
                if inExponent {
                    // Saturate: an exponent beyond ±10^15 is no number anything is counted in,
                    // and arithmetic on it must not overflow.
                    exponentValue = min(exponentValue * 10 + Int(digit), Self.exponentLimit)
                } else {
                    digits.append(digit)
                    if inFraction { fractionCount += 1 }
                }
            default: break
            }
        }
        self.init(
            isNegative: negative, digits: digits, exponent: (exponentNegative ? -exponentValue : exponentValue) - fractionCount)
    }

    /// The value of a decimal text, such as `96000.5` or `2.456e-05`; nil when it is not a number.
    public init?(_ text: String) {
        guard let number = LiteralJSON.Number(text) else { return nil }
        self = number.decimal
    }

    /// An integer's value.
    public init(_ value: Int) {
        self.init(isNegative: value < 0, digits: String(value.magnitude).utf8.map { $0 - UInt8(ascii: "0") }, exponent: 0)
    }

    /// Whether the value is zero.
    public var isZero: Bool { digits.isEmpty }

    /// The power of ten of the leading digit (`2` for 345, `-5` for 0.00002456); nil for zero.
    public var leadingPower: Int? { digits.isEmpty ? nil : digits.count - 1 + exponent }

    /// The value as an `Int`, when it is whole and fits.
    public var int: Int? {
        guard exponent >= 0, digits.count + exponent <= 18 else { return digits.isEmpty ? 0 : nil }
        var value = 0
        for digit in digits { value = value * 10 + Int(digit) }
        for _ in 0..<exponent { value *= 10 }
        return isNegative ? -value : value
    }

    /// The nearest `Double` (infinite past its range, zero below it).
    public var double: Double { Double(scientificText) ?? .nan }

    /// The absolute value.
    public var magnitude: DecimalNumber { DecimalNumber(isNegative: false, digits: digits, exponent: exponent) }

    /// The value times `10^powers`: `shifted(by: -3)` of 1,900 is 1.9.
    public func shifted(by powers: Int) -> DecimalNumber {
        DecimalNumber(isNegative: isNegative, digits: digits, exponent: exponent + powers)
    }

    /// The value rounded to `fractionDigits` places after the point, halves away from zero.
    /// - Parameter fractionDigits: places to keep; negative rounds to tens, hundreds…
    /// - Returns: the rounded value.
    public func rounded(fractionDigits: Int) -> DecimalNumber {
        let cut = -fractionDigits - exponent  // how many trailing digits go
        guard cut > 0 else { return self }
        guard cut <= digits.count else { return .zero }  // the first dropped digit is an implicit 0
        var kept = Array(digits[0..<(digits.count - cut)])
        if digits[digits.count - cut] >= 5 {
            var position = kept.count - 1
            while position >= 0, kept[position] == 9 {
                kept[position] = 0
                position -= 1
            }
            if position >= 0 { kept[position] += 1 } else { kept.insert(1, at: 0) }
        }
        return DecimalNumber(isNegative: isNegative, digits: kept, exponent: exponent + cut)
    }

    /// The value rounded to `count` significant digits.
    /// - Parameter count: digits to keep, at least 1.
    /// - Returns: the rounded value.
    public func rounded(significantDigits count: Int) -> DecimalNumber {
        guard let leading = leadingPower else { return self }
        return rounded(fractionDigits: max(1, count) - 1 - leading)
    }

    /// Fixed-point text with exactly `fractionDigits` places: `96,000.00`, `0.00002456`.
    ///
    /// When that text would be longer than ``maximumPlainLength`` (a magnitude past 10^4000,
    /// or as many places asked for), the rounded value is written with an exponent instead
    /// (``scientificText``): check ``leadingPower`` first where that matters.
    /// - Parameters:
    ///   - fractionDigits: places after the point (at least 0); the value is rounded to them.
    ///   - groupingSeparator: put between groups of three integer digits; nil for none.
    /// - Returns: the text, with a leading `-` for a value below zero that does not round to zero.
    public func formatted(fractionDigits: Int, groupingSeparator: String? = nil) -> String {
        let places = max(0, fractionDigits)
        let value = rounded(fractionDigits: places)
        guard max(0, value.leadingPower ?? 0) + places < Self.maximumPlainLength else { return value.scientificText }
        // Digit at power p: digits[count - 1 - (p - exponent)], or 0 outside.
        func digit(at power: Int) -> UInt8 {
            let index = value.digits.count - 1 - (power - value.exponent)
            return value.digits.indices.contains(index) ? value.digits[index] : 0
        }
        let topPower = max(0, value.leadingPower ?? 0)
        var integer = ""
        for power in stride(from: topPower, through: 0, by: -1) {
            integer.append(Character(Unicode.Scalar(UInt8(ascii: "0") + digit(at: power))))
            if let groupingSeparator, power > 0, power % 3 == 0 { integer += groupingSeparator }
        }
        var text = (value.isNegative ? "-" : "") + integer
        if places > 0 {
            text += "."
            for power in stride(from: -1, through: -places, by: -1) {
                text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + digit(at: power))))
            }
        }
        return text
    }

    /// Plain decimal text with every digit and no exponent: `0.00002456`, `-1500`; past
    /// ``maximumPlainLength`` characters, ``scientificText``.
    public var description: String {
        formatted(fractionDigits: max(0, -exponent))
    }

    /// Every digit with one before the point and a power of ten: `1.5e3`, `-2.456e-5`,
    /// `1e999999999`; `0` for zero. As long as the digits, whatever the magnitude.
    public var scientificText: String {
        guard let leading = leadingPower else { return "0" }
        var text = isNegative ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index == 1 { text += "." }
            text.append(Character(Unicode.Scalar(UInt8(ascii: "0") + digit)))
        }
        return text + "e\(leading)"
    }
}

extension DecimalNumber: Comparable {
    /// Orders by value.
    public static func < (lhs: DecimalNumber, rhs: DecimalNumber) -> Bool {
        if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
        let magnitudeLess = lhs.magnitudeIsLess(than: rhs)
        return lhs.isNegative ? rhs.magnitudeIsLess(than: lhs) : magnitudeLess
    }

    private func magnitudeIsLess(than other: DecimalNumber) -> Bool {
        guard let mine = leadingPower else { return !other.isZero }
        guard let theirs = other.leadingPower else { return false }
        if mine != theirs { return mine < theirs }
        for (a, b) in zip(digits, other.digits) where a != b { return a < b }
        return digits.count < other.digits.count
    }
}
