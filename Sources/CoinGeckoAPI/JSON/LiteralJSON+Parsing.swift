/// A strict RFC 8259 parser: one value, optional whitespace around it, nothing else. Numbers are
/// checked against the grammar and kept as text; strings are unescaped (surrogate pairs joined,
/// a lone surrogate refused); nesting is bounded so a hostile body cannot exhaust the stack.
extension LiteralJSON {
    /// The deepest nesting accepted; CoinGecko's bodies are 3 deep.
    public static let maximumDepth = 256

    /// Parses a whole document.
    /// - Parameter bytes: the body, UTF-8.
    /// - Returns: the value.
    /// - Throws: ``LiteralJSONError`` naming the first byte that is wrong.
    public static func parse(_ bytes: some Collection<UInt8>) throws(LiteralJSONError) -> LiteralJSON {
        var parser = Parser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.atEnd else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    /// Whether `bytes` is exactly one JSON number.
    static func isNumberLiteral(_ bytes: [UInt8]) -> Bool {
        var parser = Parser(bytes: bytes)
        guard (try? parser.numberEnd()) != nil else { return false }
        return parser.atEnd
    }
}

private struct Parser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    func error(_ reason: String) -> LiteralJSONError {
        LiteralJSONError(offset: index, reason: reason)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(LiteralJSONError) -> LiteralJSON {
        guard index < bytes.count else { throw error("the body ends where a value should be") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try object(depth: depth + 1))
        case UInt8(ascii: "["): return .array(try array(depth: depth + 1))
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try keyword("true"); return .bool(true)
        case UInt8(ascii: "f"): try keyword("false"); return .bool(false)
        case UInt8(ascii: "n"): try keyword("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try numberEnd()
            return .number(LiteralJSON.Number(checked: String(decoding: bytes[start..<index], as: UTF8.self)))
        default:
            throw error("unexpected '\(Self.show(bytes[index]))' where a value should be")
        }
    }

    private mutating func keyword(_ word: StaticString) throws(LiteralJSONError) {
        let length = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + length <= bytes.count && bytes[index..<index + length].elementsEqual(expected)
        }
        guard matches else { throw error("expected \(word)") }
        index += length
    }

    private mutating func object(depth: Int) throws(LiteralJSONError) -> LiteralJSON.Object {
        guard depth <= LiteralJSON.maximumDepth else { throw error("nested deeper than \(LiteralJSON.maximumDepth)") }
        index += 1  // {
        var members: [LiteralJSON.Object.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return LiteralJSON.Object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected an object key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            index += 1
            skipWhitespace()
            members.append(.init(key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("the body ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return LiteralJSON.Object(members)
            } else {
                throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(LiteralJSONError) -> [LiteralJSON] {
        guard depth <= LiteralJSON.maximumDepth else { throw error("nested deeper than \(LiteralJSON.maximumDepth)") }
        index += 1  // [
        var elements: [LiteralJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the body ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            } else {
                throw error("expected ',' or ']' in an array")
            }
        }
    }

    /// Moves past one number, checking `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func numberEnd() throws(LiteralJSONError) {
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("a number needs a digit here") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("a number needs digits after '.'") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, Self.isDigit(bytes[index]) else { throw error("a number needs digits in its exponent") }
            while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
        }
    }

    private mutating func string() throws(LiteralJSONError) -> String {
        index += 1  // "
        let start = index
        // The common case, no escapes: one slice, validated as UTF-8.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                return try utf8(bytes[start..<index], at: start)
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("a control character inside a string must be escaped") }
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try utf8(scalars[...], at: start)
            case UInt8(ascii: "\\"):
                index += 1
                try escape(into: &scalars)
            case 0..<0x20:
                throw error("a control character inside a string must be escaped")
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw error("the body ends inside a string")
    }

    private func utf8(_ slice: ArraySlice<UInt8>, at start: Int) throws(LiteralJSONError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw LiteralJSONError(offset: start, reason: "a string that is not UTF-8")
        }
        return text
    }

    private mutating func escape(into output: inout [UInt8]) throws(LiteralJSONError) {
        guard index < bytes.count else { throw error("the body ends inside an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try hex4()
            if (0xD800...0xDBFF).contains(value) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("a high surrogate without its low half")
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error("a high surrogate without its low half") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw error("a low surrogate without its high half")
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("an escape that is not a character") }
            output.append(contentsOf: String(Character(scalar)).utf8)
        default:
            index -= 1
            throw error("unknown escape '\\\(Self.show(byte))'")
        }
    }

    private mutating func hex4() throws(LiteralJSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A byte as a message may quote it: printable ASCII as itself, anything else in hex.
    static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16)
    }
}
