import Foundation

/// Checks bytes against RFC 8259 and writes the value back without the whitespace between its
/// tokens: everything else (key order, a key sent twice, escapes, the digits of a number) stays
/// byte for byte as sent.
///
/// One pass, linear in the input: every byte is looked at once (plain text in strings eight at
/// a time), and what lies between two runs of whitespace is copied as one run, so a body sent
/// compact (most are) is only checked: it is its own compact form. Nesting is bounded by
/// ``maximumDepth`` so a hostile body cannot exhaust the stack. Strings are checked as UTF-8
/// (overlong forms, surrogates and bytes past U+10FFFF are refused) and their escapes checked
/// (a lone surrogate escape is refused), so what it accepts every reader of JSON text reads alike.
struct JSONCompactor {
    /// The deepest nesting of objects and arrays accepted.
    static let maximumDepth = 256

    private let input: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var output = Data()
    /// Whether whitespace was left out: until then, the output is the input itself.
    private var removedWhitespace = false
    /// Where the bytes not yet copied to ``output`` start: everything from there to ``index``
    /// is kept, and is copied when whitespace (or the end) comes.
    private var kept = 0

    private init(input: UnsafeBufferPointer<UInt8>) {
        self.input = input
    }

    /// The value in `input`, compacted.
    /// - Parameter input: one JSON text, UTF-8; a leading byte order mark is ignored (RFC 8259 §8.1).
    /// - Returns: the value without whitespace between tokens, or nil when it had none (nor a
    ///   byte order mark): the input is then the value, and need not be copied.
    /// - Throws: ``JSONSyntaxError`` naming the first byte that is wrong.
    static func compact(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Data? {
        var compactor = JSONCompactor(input: input)
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF {
            compactor.index = 3
            compactor.kept = 3
            compactor.removedWhitespace = true
        }
        compactor.skipWhitespace()
        try compactor.value(depth: 0)
        compactor.skipWhitespace()
        guard compactor.index == input.count else { throw compactor.error("unexpected text after the JSON value") }
        guard compactor.removedWhitespace else { return nil }
        compactor.copyKept()
        return compactor.output
    }

    /// Whether `input` is exactly one JSON number, nothing around it.
    static func isNumber(_ input: UnsafeBufferPointer<UInt8>) -> Bool {
        var compactor = JSONCompactor(input: input)
        guard !input.isEmpty, (try? compactor.number()) != nil else { return false }
        return compactor.index == input.count
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    /// Copies the bytes kept since the last whitespace.
    private mutating func copyKept() {
        if output.isEmpty { output.reserveCapacity(input.count) }
        if index > kept { output.append(UnsafeBufferPointer(rebasing: input[kept..<index])) }
        kept = index
    }

    /// Skips whitespace, leaving it out of the output.
    private mutating func skipWhitespace() {
        guard index < input.count, Self.isWhitespace(input[index]) else { return }
        removedWhitespace = true
        copyKept()
        while index < input.count, Self.isWhitespace(input[index]) { index += 1 }
        kept = index
    }

    @inline(__always)
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) {
        guard index < input.count else { throw error("the body ends where a value should be") }
        switch input[index] {
        case UInt8(ascii: "{"): try object(depth: depth + 1)
        case UInt8(ascii: "["): try array(depth: depth + 1)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try keyword("true")
        case UInt8(ascii: "f"): try keyword("false")
        case UInt8(ascii: "n"): try keyword("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw error("unexpected '\(Self.show(input[index]))' where a value should be")
        }
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        index += 1
        skipWhitespace()
        if index < input.count, input[index] == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard index < input.count, input[index] == UInt8(ascii: "\"") else { throw error("expected an object key") }
            try string()
            skipWhitespace()
            guard index < input.count, input[index] == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            try value(depth: depth)
            skipWhitespace()
            guard index < input.count else { throw error("the body ends inside an object") }
            switch input[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                return
            default:
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) {
        guard depth <= Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth)") }
        index += 1
        skipWhitespace()
        if index < input.count, input[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try value(depth: depth)
            skipWhitespace()
            guard index < input.count else { throw error("the body ends inside an array") }
            switch input[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return
            default:
                throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func keyword(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + length <= input.count && input[index..<index + length].elementsEqual(expected)
        }
        guard matches else { throw error("expected \(word)") }
        index += length
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as sent.
    private mutating func number() throws(JSONSyntaxError) {
        if input[index] == UInt8(ascii: "-") { index += 1 }
        guard index < input.count, Self.isDigit(input[index]) else { throw error("a number needs a digit here") }
        if input[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < input.count, Self.isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] == UInt8(ascii: ".") {
            index += 1
            guard index < input.count, Self.isDigit(input[index]) else { throw error("a number needs digits after '.'") }
            while index < input.count, Self.isDigit(input[index]) { index += 1 }
        }
        if index < input.count, input[index] == UInt8(ascii: "e") || input[index] == UInt8(ascii: "E") {
            index += 1
            if index < input.count, input[index] == UInt8(ascii: "+") || input[index] == UInt8(ascii: "-") { index += 1 }
            guard index < input.count, Self.isDigit(input[index]) else { throw error("a number needs digits in its exponent") }
            while index < input.count, Self.isDigit(input[index]) { index += 1 }
        }
    }

    /// A string, quotes included, checked and kept as sent.
    private mutating func string() throws(JSONSyntaxError) {
        index += 1
        while index < input.count {
            // Plain text goes eight bytes at a time; the loop below sees only what ends a run.
            index = ByteScan.firstSpecial(in: input, from: index, checking: true)
            guard index < input.count else { break }
            let byte = input[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                try escape()
            } else if byte < 0x20 {
                throw error("a control character inside a string must be escaped")
            } else if byte < 0x80 {
                index += 1
            } else {
                try utf8Sequence()
            }
        }
        throw error("the body ends inside a string")
    }

    /// One escape, from its backslash.
    private mutating func escape() throws(JSONSyntaxError) {
        index += 1
        guard index < input.count else { throw error("the body ends inside an escape") }
        let byte = input[index]
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            index += 1
            let value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
                guard index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate without its low half")
                }
                index += 2
                guard (0xDC00...0xDFFF).contains(try hex4()) else { throw error("a high surrogate without its low half") }
            } else if (0xDC00...0xDFFF).contains(value) {
                throw error("a low surrogate without its high half")
            }
        default:
            throw error("unknown escape '\\\(Self.show(byte))'")
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= input.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = Self.hexValue(input[index + offset]) else { throw error("\\u needs four hex digits") }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// One multi-byte UTF-8 sequence (RFC 3629's table: no overlong forms, no surrogates,
    /// nothing past U+10FFFF).
    private mutating func utf8Sequence() throws(JSONSyntaxError) {
        let lead = input[index]
        let continuation: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: continuation = 1
        case 0xE0: continuation = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: continuation = 2
        case 0xED: continuation = 2; upper = 0x9F
        case 0xF0: continuation = 3; lower = 0x90
        case 0xF1...0xF3: continuation = 3
        case 0xF4: continuation = 3; upper = 0x8F
        default: throw error("a string that is not UTF-8")
        }
        guard index + continuation < input.count, (lower...upper).contains(input[index + 1]) else {
            throw error("a string that is not UTF-8")
        }
        for offset in stride(from: 2, through: continuation, by: 1) where !(0x80...0xBF).contains(input[index + offset]) {
            throw error("a string that is not UTF-8")
        }
        index += continuation + 1
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A byte as a message may quote it: printable ASCII as itself, anything else in hex.
    static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
