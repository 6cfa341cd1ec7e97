/// A strict, forward-only reader of JSON text (RFC 8259), for ``FastResponseDecoder``.
///
/// It reads values straight into Swift types and skips what it is not asked for, without
/// building a tree. It never guesses: anything it does not read exactly as `JSONDecoder`
/// would (invalid JSON, a key with escapes, a number with a fraction where an integer is
/// wanted, a lone surrogate, nesting deeper than ``maxDepth``) makes it give up with
/// ``Unsure``, and the caller decodes the body with `JSONDecoder` instead, which then decides
/// (and words any error) exactly as before.
struct JSONScanner {
    /// Thrown when the scanner cannot be sure to read what `JSONDecoder` reads.
    struct Unsure: Error {}

    /// Deeper nesting is left to `JSONDecoder` (which has its own limit).
    static let maxDepth = 256

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var index = 0
    /// Whether any whitespace was skipped: when none was, a body the scanner read to its end
    /// is already in ``RawJSON``'s compact form, and checked as strictly as its parser checks.
    private(set) var sawWhitespace = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    // MARK: - Structure

    /// Skips JSON whitespace: space, tab, line feed, carriage return.
    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
                sawWhitespace = true
            default: return
            }
        }
    }

    /// The next non-whitespace byte, not consumed; nil at the end.
    @inline(__always)
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` (after whitespace) or gives up.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Unsure) {
        guard peek() == byte else { throw Unsure() }
        index += 1
    }

    /// Consumes `byte` if it comes next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        peek() == nil
    }

    /// Reads `null` if it comes next.
    mutating func consumeNull() throws(Unsure) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Calls `member` with each key of an object (the opening brace comes next); `member`
    /// must read or skip the value. Keys with escapes make it give up.
    mutating func object(
        depth: Int, _ member: (inout JSONScanner, UnsafeBufferPointer<UInt8>) throws(Unsure) -> Void
    ) throws(Unsure) {
        guard depth < Self.maxDepth else { throw Unsure() }
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            let key = try rawKey()
            try expect(UInt8(ascii: ":"))
            try member(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Calls `element` for each element of an array (the opening bracket comes next).
    mutating func array(depth: Int, _ element: (inout JSONScanner) throws(Unsure) -> Void) throws(Unsure) {
        guard depth < Self.maxDepth else { throw Unsure() }
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat {
            try element(&self)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// A key's bytes, without quotes; keys with escapes are left to `JSONDecoder`.
    private mutating func rawKey() throws(Unsure) -> UnsafeBufferPointer<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                return key
            }
            // Escapes, controls and non-ASCII keys (which would need checking as UTF-8) are
            // left to JSONDecoder; randomuser.me's keys are plain ASCII.
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { throw Unsure() }
            index += 1
        }
        throw Unsure()
    }

    // MARK: - Values

    /// A string value (the quote comes next), unescaped and checked as UTF-8.
    mutating func string() throws(Unsure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var ascii = true
        while true {
            index = plainRunEnd(from: index)
            guard index < bytes.count else { throw Unsure() }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if ascii { return String(decoding: text, as: UTF8.self) }
                guard let valid = String(validating: text, as: UTF8.self) else { throw Unsure() }
                return valid
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            guard byte >= 0x20 else { throw Unsure() }
            // Beyond ASCII: checked as UTF-8 with the whole string.
            ascii = false
            index += 1
        }
    }

    /// The index of the first byte from `start` that a string's scan must look at: a quote,
    /// a backslash, a control, or a byte beyond ASCII; the end when there is none. Eight
    /// bytes at a time (a person is some thirty strings, issue 29): a word with none of them
    /// is passed over whole, and a word with one is looked at byte by byte.
    @inline(__always)
    private func plainRunEnd(from start: Int) -> Int {
        var position = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            while position + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                let quotes = word ^ (ones &* 0x22)
                let backslashes = word ^ (ones &* 0x5C)
                // A byte is zero (a quote, a backslash) or below 0x20: each sets the high bit
                // of its byte here (bytes after one may be flagged too, which only stops the
                // word's skip); bytes beyond ASCII set their own high bit.
                let special =
                    ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes) | ((word &- ones &* 0x20) & ~word) | word
                if special & highs != 0 { break }
                position += 8
            }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return position }
            position += 1
        }
        return position
    }

    /// The rest of a string that holds escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) throws(Unsure) -> String {
        var text = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let valid = String(validating: text, as: UTF8.self) else { throw Unsure() }
                return valid
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Unsure() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(to: &text)
                default: throw Unsure()
                }
            default:
                guard byte >= 0x20 else { throw Unsure() }
                text.append(byte)
            }
        }
        throw Unsure()
    }

    /// `\uXXXX` (the `\u` read), with a surrogate pair as one scalar; a lone surrogate is
    /// left to `JSONDecoder`.
    private mutating func appendUnicodeEscape(to text: inout [UInt8]) throws(Unsure) {
        var value = try hexQuad()
        if (0xD800..<0xDC00).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw Unsure() }
            index += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw Unsure() }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(value) {
            throw Unsure()
        }
        guard let scalar = Unicode.Scalar(value) else { throw Unsure() }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func hexQuad() throws(Unsure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Unsure() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw Unsure()
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// An integer written as one (`-12`, `0`, `7541`): no fraction, no exponent, no leading
    /// zeros, within `Int`. Anything else is left to `JSONDecoder`.
    mutating func integer() throws(Unsure) -> Int {
        skipWhitespace()
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(Int(bytes[index] - UInt8(ascii: "0")))
            guard !overflowTimes, !overflowSum else { throw Unsure() }
            value = sum
            index += 1
        }
        let digits = index - start
        guard digits > 0, !(digits > 1 && bytes[start] == UInt8(ascii: "0")) else { throw Unsure() }
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Unsure()
            default: break
            }
        }
        return negative ? -value : value
    }

    /// Skips any one value, checking it as strictly as reading it would.
    mutating func skipValue(depth: Int) throws(Unsure) {
        switch peek() {
        case UInt8(ascii: "{"):
            try object(depth: depth + 1) { (scanner, _) throws(Unsure) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try array(depth: depth + 1) { (scanner) throws(Unsure) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "t"):
            try literal("true")
        case UInt8(ascii: "f"):
            try literal("false")
        case UInt8(ascii: "n"):
            try literal("null")
        case .some:
            try skipNumber()
        case nil:
            throw Unsure()
        }
    }

    /// The kind of the next value, not consumed.
    enum Kind {
        case object, array, string, number, bool, null
    }

    mutating func nextKind() throws(Unsure) -> Kind {
        guard let next = peek() else { throw Unsure() }
        return switch next {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: throw Unsure()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Unsure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw Unsure() }
        let matches = word.withUTF8Buffer { expected in
            for offset in 0..<length where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw Unsure() }
        index += length
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func skipNumber() throws(Unsure) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw Unsure() }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard try digits() > 0 else { throw Unsure() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard try digits() > 0 else { throw Unsure() }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard try digits() > 0 else { throw Unsure() }
        }
    }

    private mutating func digits() throws(Unsure) -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether these bytes are exactly `literal` (a key compared without building a String).
    @inline(__always)
    func equals(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { expected in
            for offset in 0..<count where self[offset] != expected[offset] { return false }
            return true
        }
    }
}
