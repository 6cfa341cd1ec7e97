import Foundation

/// One JSON value exactly as a service sent it: its keys in their order (a key sent twice
/// kept twice), the fields no model knows, every number with the digits sent, every string
/// with the escapes sent. Only the whitespace between tokens is gone.
///
/// An API model keeps the value it was read from beside its typed fields
/// (``RawJSONRepresentable``), so a tool's output and a page cache hold what the service sent
/// rather than what the model understood of it. The bytes are checked once, on
/// ``init(parsing:)`` (RFC 8259, UTF-8, nesting at most 256 deep, linear in the input); a
/// body sent compact is kept without a copy, and a value taken out of another (``elements``,
/// ``members``) shares its bytes.
///
/// ```swift
/// let page = try RawJSON(parsing: body)          // [{"id":"a","likes":1.50},…]
/// let first = page.elements?.first               // {"id":"a","likes":1.50}
/// first?["likes"]?.text                          // "1.50"
/// print(page.prettyText())
/// ```
public struct RawJSON: Sendable, Hashable, CustomStringConvertible {
    /// The value's UTF-8 text, without whitespace between tokens (a slice of the body it came
    /// from, which it keeps alive).
    public let bytes: Data

    /// Wraps bytes that were checked and compacted (by ``JSONCompactor``, or taken whole out of
    /// such bytes: a reader of this package that walked a compacted body may hand out the
    /// values it found in it without walking them again).
    package init(trusted bytes: Data) {
        self.bytes = bytes
    }

    /// Checks `text` and keeps it, without the whitespace between tokens.
    /// - Parameter text: one JSON value, UTF-8 (a leading byte order mark is ignored).
    /// - Throws: ``JSONSyntaxError`` naming the first byte that is wrong.
    public init(parsing text: some Collection<UInt8>) throws(JSONSyntaxError) {
        // Data is the common case (a body): kept as it is when it was sent compact.
        let data = text as? Data ?? Data(text)
        let compacted = data.withUnsafeBytes { raw in Self.compact(raw.bindMemory(to: UInt8.self)) }
        switch compacted {
        case .success(let output): bytes = output ?? data
        case .failure(let error): throw error
        }
    }

    private static func compact(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<Data?, JSONSyntaxError> {
        do throws(JSONSyntaxError) {
            return .success(try JSONCompactor.compact(buffer))
        } catch {
            return .failure(error)
        }
    }

    /// `null`.
    public static let null = RawJSON(trusted: Data("null".utf8))

    /// The value as text, e.g. `{"id":"a","likes":1.50}`.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value as text.
    public var description: String { text }

    /// What a JSON value is.
    public enum Kind: Sendable, Hashable {
        /// `{…}`.
        case object
        /// `[…]`.
        case array
        /// `"…"`.
        case string
        /// `-1.5e3`.
        case number
        /// `true` or `false`.
        case bool
        /// `null`.
        case null
    }

    /// What this value is, from its first byte.
    public var kind: Kind {
        switch bytes.first {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"), nil: .null
        default: .number
        }
    }

    /// The elements, in order, when this is an array; nil otherwise.
    public var elements: [RawJSON]? {
        guard kind == .array else { return nil }
        let bytes = self.bytes
        return RawJSONCursor.reading(bytes) { cursor in
            var elements: [RawJSON] = []
            cursor.forEachElement { elements.append(RawJSON(trusted: bytes.slice($0))) }
            return elements
        }
    }

    /// The members, in the order sent (a key sent twice appears twice), when this is an
    /// object; nil otherwise.
    public var members: [(key: String, value: RawJSON)]? {
        guard kind == .object else { return nil }
        let bytes = self.bytes
        return RawJSONCursor.reading(bytes) { cursor in
            var members: [(key: String, value: RawJSON)] = []
            let buffer = cursor.bytes
            cursor.forEachMember { key, value in
                let text = RawJSONCursor.string(UnsafeBufferPointer(rebasing: buffer[key]))
                members.append((text, RawJSON(trusted: bytes.slice(value))))
            }
            return members
        }
    }

    /// The value of `key` when this is an object that has it; a key sent twice reads as its
    /// last value, as JavaScript's `JSON.parse` has it.
    public subscript(key: String) -> RawJSON? {
        guard kind == .object else { return nil }
        let bytes = self.bytes
        var wanted = key
        return wanted.withUTF8 { wantedUTF8 in
            RawJSONCursor.reading(bytes) { cursor in
                var found: Range<Int>?
                let buffer = cursor.bytes
                cursor.forEachMember { name, value in
                    let quoted = UnsafeBufferPointer(rebasing: buffer[(name.lowerBound + 1)..<max(name.lowerBound + 1, name.upperBound - 1)])
                    // Keys without escapes compare as bytes; others are unescaped first.
                    if quoted.contains(UInt8(ascii: "\\")) {
                        if RawJSONCursor.string(UnsafeBufferPointer(rebasing: buffer[name])) == key { found = value }
                    } else if quoted.elementsEqual(wantedUTF8) {
                        found = value
                    }
                }
                return found.map { RawJSON(trusted: bytes.slice($0)) }
            }
        }
    }

    /// The text, unescaped, when this is a string; nil otherwise.
    public var string: String? {
        guard kind == .string else { return nil }
        return bytes.withUnsafeBytes { RawJSONCursor.string($0.bindMemory(to: UInt8.self)) }
    }
}

/// Walks bytes a ``JSONCompactor`` made: no whitespace, every token valid. It still checks
/// every index against the end, so nothing it is given can make it trap. Positions are offsets
/// into ``bytes``.
struct RawJSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    /// Runs `body` with a cursor at the start of `data`.
    static func reading<Result>(_ data: Data, _ body: (inout RawJSONCursor) -> Result) -> Result {
        data.withUnsafeBytes { raw in
            var cursor = RawJSONCursor(bytes: raw.bindMemory(to: UInt8.self))
            return body(&cursor)
        }
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The end of the value that starts at `start`.
    func end(ofValueAt start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return end(ofStringAt: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    position += 1
                    if depth == 0 { return position }
                case UInt8(ascii: "\""):
                    position = end(ofStringAt: position)
                default:
                    position += 1
                }
            }
            return bytes.count
        default:
            var position = start
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"): return position
                default: position += 1
                }
            }
            return position
        }
    }

    /// The end (after the closing quote) of the string that starts at `start`.
    func end(ofStringAt start: Int) -> Int {
        var position = start + 1
        while position < bytes.count {
            position = ByteScan.firstSpecial(in: bytes, from: position, checking: false)
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: "\"") { return position + 1 }
            position += 2  // a backslash and the byte it escapes
        }
        return bytes.count
    }

    /// Calls `body` with the range of each element of the array at the cursor.
    mutating func forEachElement(_ body: (Range<Int>) -> Void) {
        index += 1  // [
        guard index < bytes.count, bytes[index] != UInt8(ascii: "]") else { return }
        while index < bytes.count {
            let end = end(ofValueAt: index)
            body(index..<end)
            index = end
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return }
            index += 1
        }
    }

    /// Calls `body` with the range of each key (quotes included) and value of the object at
    /// the cursor.
    mutating func forEachMember(_ body: (Range<Int>, Range<Int>) -> Void) {
        index += 1  // {
        guard index < bytes.count, bytes[index] != UInt8(ascii: "}") else { return }
        while index < bytes.count {
            let keyEnd = end(ofStringAt: index)
            let key = index..<keyEnd
            index = keyEnd + 1  // :
            guard index < bytes.count else { return }
            let end = end(ofValueAt: index)
            body(key, index..<end)
            index = end
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return }
            index += 1
        }
    }

    /// The text of a string token (quotes included), unescaped.
    static func string(_ token: UnsafeBufferPointer<UInt8>) -> String {
        guard token.count >= 2 else { return "" }
        let inner = UnsafeBufferPointer(rebasing: token[1..<(token.count - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        var scalars: [UInt8] = []
        scalars.reserveCapacity(inner.count)
        var position = 0
        while position < inner.count {
            let byte = inner[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < inner.count else {
                scalars.append(byte)
                position += 1
                continue
            }
            let escape = inner[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var value = hex4(inner, at: &position)
                if (0xD800...0xDBFF).contains(value), position + 1 < inner.count, inner[position] == UInt8(ascii: "\\"),
                    inner[position + 1] == UInt8(ascii: "u")
                {
                    position += 2
                    let low = hex4(inner, at: &position)
                    value = 0x10000 &+ ((value &- 0xD800) << 10) &+ (low &- 0xDC00)
                }
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                scalars.append(contentsOf: String(Character(scalar)).utf8)
            default: scalars.append(escape)  // " \ /
            }
        }
        return String(decoding: scalars, as: UTF8.self)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 where position < bytes.count {
            value = value << 4 | UInt32(JSONCompactor.hexValue(bytes[position]) ?? 0)
            position += 1
        }
        return value
    }
}

extension Data {
    /// The bytes at `range`, counted from this slice's start.
    package func slice(_ range: Range<Int>) -> Data {
        self[(startIndex + range.lowerBound)..<(startIndex + range.upperBound)]
    }
}
