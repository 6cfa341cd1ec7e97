/// The ECMAScript number conversions the official generator relies on: `Number(string)`,
/// `parseInt(string, 16)` and `String(number)` (GENERATOR.md notation section).
enum JSNumber {
    /// `StrWhiteSpaceChar`: what `Number()`, `parseInt()` and `String.prototype.trim` strip.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029,
            0x202F, 0x205F, 0x3000, 0xFEFF:
            true
        default:
            false
        }
    }

    /// JS `s.trim()`.
    static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// JS `Number(s)`: trims, `""` is 0, accepts decimal literals with exponents, `Infinity`, and
    /// unsigned `0x`/`0o`/`0b` integers; anything else is NaN.
    static func number(_ text: String) -> Double {
        let trimmed = Array(trim(text).utf8)
        if trimmed.isEmpty {
            return 0
        }
        if trimmed.count > 2, trimmed[0] == UInt8(ascii: "0") {
            switch trimmed[1] {
            case UInt8(ascii: "x"), UInt8(ascii: "X"): return integer(trimmed.dropFirst(2), radix: 16)
            case UInt8(ascii: "o"), UInt8(ascii: "O"): return integer(trimmed.dropFirst(2), radix: 8)
            case UInt8(ascii: "b"), UInt8(ascii: "B"): return integer(trimmed.dropFirst(2), radix: 2)
            default: break
            }
        }
        return decimal(trimmed[...])
    }

    /// JS `parseInt(s, 16)`: leading whitespace and one sign allowed, a `0x` prefix stripped,
    /// then the longest run of hex digits. Returns nil for NaN; may return `-0`.
    static func parseHexInt(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars.drop(while: isWhitespace)
        var sign = 1.0
        if let first = scalars.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            scalars = scalars.dropFirst()
        }
        var rest = Array(String(String.UnicodeScalarView(scalars)).utf8)[...]
        if rest.count >= 2, rest[rest.startIndex] == UInt8(ascii: "0"),
            rest[rest.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        {
            rest = rest.dropFirst(2)
        }
        let digits = rest.prefix(while: { digitValue($0, radix: 16) != nil })
        if digits.isEmpty {
            return nil
        }
        return sign * integer(digits, radix: 16)
    }

    /// JS `String(x)` / `Number.prototype.toString()` for a finite or infinite double: the
    /// shortest round-trip digits, in ECMAScript's plain or exponential layout.
    static func string(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == 0 { return "0" }
        let (digits, exponent) = shortestDigits(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let k = digits.count
        let n = exponent
        if k <= n && n <= 21 {
            return sign + digits + String(repeating: "0", count: n - k)
        }
        if 0 < n && n <= 21 {
            let split = digits.index(digits.startIndex, offsetBy: n)
            return sign + digits[..<split] + "." + digits[split...]
        }
        if -6 < n && n <= 0 {
            return sign + "0." + String(repeating: "0", count: -n) + digits
        }
        let exponentText = n - 1 >= 0 ? "+\(n - 1)" : "\(n - 1)"
        let mantissa = k == 1 ? digits : String(digits.prefix(1)) + "." + digits.dropFirst()
        return sign + mantissa + "e" + exponentText
    }

    /// The shortest round-trip decimal digits of a positive double and the exponent `n` with
    /// value = 0.d₁d₂… × 10ⁿ. Swift's `description` already prints the shortest digits.
    private static func shortestDigits(_ value: Double) -> (digits: String, exponent: Int) {
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var integerPart = mantissa
        var fraction: Substring = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = mantissa[..<dot]
            fraction = mantissa[mantissa.index(after: dot)...]
        }
        var all = String(integerPart) + fraction
        var pointPosition = integerPart.count + exponent
        while all.hasPrefix("0") {
            all.removeFirst()
            pointPosition -= 1
        }
        while all.hasSuffix("0") {
            all.removeLast()
        }
        return (all, pointPosition)
    }

    private static func digitValue(_ byte: UInt8, radix: Int) -> Int? {
        let value: Int
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): value = Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }

    /// An unsigned integer literal; NaN if any character is not a digit of `radix`.
    private static func integer(_ digits: ArraySlice<UInt8>, radix: Int) -> Double {
        guard !digits.isEmpty else { return .nan }
        var value = 0.0
        for byte in digits {
            guard let digit = digitValue(byte, radix: radix) else { return .nan }
            value = value * Double(radix) + Double(digit)
        }
        return value
    }

    /// `StrDecimalLiteral`: `[+-]` (`Infinity` | digits [`.` digits] | `.` digits) [`e` [+-] digits].
    private static func decimal(_ text: ArraySlice<UInt8>) -> Double {
        var rest = text
        var negative = false
        if let first = rest.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            rest = rest.dropFirst()
        }
        if rest.elementsEqual("Infinity".utf8) {
            return negative ? -.infinity : .infinity
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integerDigits = rest.prefix(while: isDigit)
        rest = rest.dropFirst(integerDigits.count)
        var fractionDigits: ArraySlice<UInt8> = []
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fractionDigits = rest.prefix(while: isDigit)
            rest = rest.dropFirst(fractionDigits.count)
        }
        guard !integerDigits.isEmpty || !fractionDigits.isEmpty else { return .nan }
        var exponentText = ""
        if let marker = rest.first, marker | 0x20 == UInt8(ascii: "e") {
            rest = rest.dropFirst()
            var exponentSign = "+"
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentSign = sign == UInt8(ascii: "-") ? "-" : "+"
                rest = rest.dropFirst()
            }
            let exponentDigits = rest.prefix(while: isDigit)
            guard !exponentDigits.isEmpty else { return .nan }
            rest = rest.dropFirst(exponentDigits.count)
            exponentText = "e" + exponentSign + String(decoding: exponentDigits, as: UTF8.self)
        }
        guard rest.isEmpty else { return .nan }
        // The literal is validated above; strtod (behind Double(_:)) rounds it correctly.
        let normalized =
            (integerDigits.isEmpty ? "0" : String(decoding: integerDigits, as: UTF8.self)) + "."
            + (fractionDigits.isEmpty ? "0" : String(decoding: fractionDigits, as: UTF8.self)) + exponentText
        let magnitude = Double(normalized) ?? .nan
        return negative ? -magnitude : magnitude
    }
}
