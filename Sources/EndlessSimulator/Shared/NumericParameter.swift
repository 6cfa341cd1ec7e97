/// The one way the simulator's services read a number a request carries (a query item, a path
/// segment such as `/users/7`, a header): parsed with bounds into a ``NumericReading``, never
/// trapping and in time linear in the text, whatever is sent (`2^64`, `1e309`, `NaN`, `-0`,
/// sixty thousand digits).
///
/// Whatever reading comes back is within the bounds the service gave, so arithmetic on it
/// cannot overflow when the bounds are chosen for it: a page is at most ``maximumPage``, and
/// `maximumPage * 250` is far inside `Int`.
enum NumericParameter {
    /// The largest page any service reads: every catalogue ends long before it, so a larger page
    /// is past the end all the same, and page × page size stays far from overflowing.
    static let maximumPage = 1_000_000_000

    /// A whole number in decimal (`[+-]digits`, `-0` is 0), as `Int(_:)` reads it but with
    /// bounds: a number past them (even past `Int`) is ``NumericReading/tooSmall(clampedTo:)``
    /// or ``NumericReading/tooLarge(clampedTo:)``; `1.5`, `1e3`, ` 7`, empty and `abc` are
    /// ``NumericReading/malformed``.
    /// - Parameters:
    ///   - text: the parameter's value, nil when absent.
    ///   - bounds: the values the service accepts.
    /// - Returns: the reading.
    static func integer(_ text: Substring?, in bounds: ClosedRange<Int>) -> NumericReading<Int> {
        guard let text else { return .absent }
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return .malformed }
        // Accumulated as a magnitude; once it passes Int's range it only has to stay digits.
        var magnitude: UInt = 0
        var overflowed = false
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return .malformed }
            guard !overflowed else { continue }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt(byte - UInt8(ascii: "0")))
            overflowed = overflow1 || overflow2
            magnitude = sum
        }
        if negative {
            guard !overflowed, magnitude <= Int.min.magnitude else { return .tooSmall(clampedTo: bounds.lowerBound) }
            // Int.min's magnitude is one more than Int.max: build it without negating.
            let value = magnitude == Int.min.magnitude ? Int.min : -Int(magnitude)
            return place(value, in: bounds)
        }
        guard !overflowed, magnitude <= UInt(Int.max) else { return .tooLarge(clampedTo: bounds.upperBound) }
        return place(Int(magnitude), in: bounds)
    }

    /// A whole number in a path segment or a header: ``integer(_:in:)`` of its text.
    static func integer(_ text: String?, in bounds: ClosedRange<Int>) -> NumericReading<Int> {
        integer(text.map { Substring($0) }, in: bounds)
    }

    /// A decimal number (`[+-]` digits `[.digits]` `[e[+-]digits]`, or `.5`), as imgix reads
    /// `w` and `dpr`: `1e309` and `-1e309` are past the bounds, `NaN`, `inf`, hexadecimal,
    /// spaces, empty and `abc` are ``NumericReading/malformed``, `-0` is 0.
    /// - Parameters:
    ///   - text: the parameter's value, nil when absent.
    ///   - bounds: the finite values the service accepts.
    /// - Returns: the reading; a valid value is finite.
    static func decimal(_ text: Substring?, in bounds: ClosedRange<Double>) -> NumericReading<Double> {
        guard let text else { return .absent }
        guard isDecimalLiteral(text.utf8), let value = Double(text) else { return .malformed }
        return place(value, in: bounds)
    }

    /// A decimal number in a path segment or a header: ``decimal(_:in:)`` of its text.
    static func decimal(_ text: String?, in bounds: ClosedRange<Double>) -> NumericReading<Double> {
        decimal(text.map { Substring($0) }, in: bounds)
    }

    /// A number as JavaScript's `Number(text)` reads it (``JSNumber/number(_:)``: trimmed,
    /// empty is 0, `0x1F`, `Infinity`), for the service whose original is written in
    /// JavaScript (randomuser.me): `NaN` is ``NumericReading/malformed``.
    /// - Parameters:
    ///   - text: the parameter's value, nil when absent.
    ///   - bounds: the finite values the service accepts.
    /// - Returns: the reading; a valid value is finite.
    static func javaScriptNumber(_ text: String?, in bounds: ClosedRange<Double>) -> NumericReading<Double> {
        guard let text else { return .absent }
        let value = JSNumber.number(text)
        guard !value.isNaN else { return .malformed }
        return place(value, in: bounds)
    }

    /// `[+-]` (digits `[.digits]` | `.digits`) `[(e|E)[+-]digits]`, and nothing else.
    private static func isDecimalLiteral(_ text: Substring.UTF8View) -> Bool {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var rest = text[...]
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let whole = rest.prefix(while: isDigit).count
        rest = rest.dropFirst(whole)
        var fraction = 0
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix(while: isDigit).count
            rest = rest.dropFirst(fraction)
        }
        guard whole + fraction > 0 else { return false }
        if let marker = rest.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
            let exponent = rest.prefix(while: isDigit).count
            guard exponent > 0 else { return false }
            rest = rest.dropFirst(exponent)
        }
        return rest.isEmpty
    }

    private static func place(_ value: Int, in bounds: ClosedRange<Int>) -> NumericReading<Int> {
        if value < bounds.lowerBound { return .tooSmall(clampedTo: bounds.lowerBound) }
        if value > bounds.upperBound { return .tooLarge(clampedTo: bounds.upperBound) }
        return .valid(value)
    }

    /// `value` against `bounds`: infinities are past them, `-0` is 0.
    private static func place(_ value: Double, in bounds: ClosedRange<Double>) -> NumericReading<Double> {
        guard !value.isNaN else { return .malformed }
        if value < bounds.lowerBound { return .tooSmall(clampedTo: bounds.lowerBound) }
        if value > bounds.upperBound { return .tooLarge(clampedTo: bounds.upperBound) }
        return .valid(value + 0)  // -0 + 0 is +0
    }
}
