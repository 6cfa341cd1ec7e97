import Foundation

/// One JSON value exactly as a service sent it: its keys in their order (a key sent twice
/// kept twice), the fields no model knows, every number with the digits sent, every string
/// with the escapes sent. Only the whitespace between tokens is gone.
///
/// An API model keeps the value it was read from beside its typed fields
/// (``RawJSONRepresentable``), so a tool's output and a page cache hold what the service sent
/// rather than what the model understood of it. The bytes are checked once, on
/// ``init(parsing:)`` (RFC 8259, UTF-8, nesting at most 256 deep, linear in the input); a
/// value taken out of another (``elements``, ``members``) shares its bytes.
///
/// ```swift
/// let page = try RawJSON(parsing: body)          // [{"id":"a","likes":1.50},…]
/// let first = page.elements?.first               // {"id":"a","likes":1.50}
/// first?["likes"]?.text                          // "1.50"
/// print(page.prettyText())
/// ```
public struct RawJSON: Sendable, Hashable, CustomStringConvertible {
    /// The value's UTF-8 text, without whitespace between tokens.
    public let bytes: ArraySlice<UInt8>

    /// Wraps bytes that were checked and compacted (by ``JSONCompactor``, or taken whole out of
    /// such bytes).
    init(trusted bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    /// Checks `text` and keeps it, without the whitespace between tokens.
    /// - Parameter text: one JSON value, UTF-8 (a leading byte order mark is ignored).
    /// - Throws: ``JSONSyntaxError`` naming the first byte that is wrong.
    public init(parsing text: some Collection<UInt8>) throws(JSONSyntaxError) {
        let result: Result<[UInt8], JSONSyntaxError>? = text.withContiguousStorageIfAvailable { buffer in
            Self.compact(buffer)
        }
        let compacted = try (result ?? Array(text).withUnsafeBufferPointer { Self.compact($0) }).get()
        bytes = compacted[...]
    }

    private static func compact(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<[UInt8], JSONSyntaxError> {
        do throws(JSONSyntaxError) {
            return .success(try JSONCompactor.compact(buffer))
        } catch {
            return .failure(error)
        }
    }

    /// `null`.
    public static let null = RawJSON(trusted: Array("null".utf8)[...])

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
        var elements: [RawJSON] = []
        var cursor = RawJSONCursor(bytes)
        cursor.forEachElement { elements.append(RawJSON(trusted: $0)) }
        return elements
    }

    /// The members, in the order sent (a key sent twice appears twice), when this is an
    /// object; nil otherwise.
    public var members: [(key: String, value: RawJSON)]? {
        guard kind == .object else { return nil }
        var members: [(key: String, value: RawJSON)] = []
        var cursor = RawJSONCursor(bytes)
        cursor.forEachMember { key, value in
            members.append((RawJSONCursor.string(key), RawJSON(trusted: value)))
        }
        return members
    }

    /// The value of `key` when this is an object that has it; a key sent twice reads as its
    /// last value, as JavaScript's `JSON.parse` has it.
    public subscript(key: String) -> RawJSON? {
        guard kind == .object else { return nil }
        var found: ArraySlice<UInt8>?
        var cursor = RawJSONCursor(bytes)
        cursor.forEachMember { name, value in
            if RawJSONCursor.string(name) == key { found = value }
        }
        return found.map(RawJSON.init(trusted:))
    }

    /// The text, unescaped, when this is a string; nil otherwise.
    public var string: String? {
        kind == .string ? RawJSONCursor.string(bytes) : nil
    }
}

/// Walks bytes a ``JSONCompactor`` made: no whitespace, every token valid. It still checks
/// every index against the end, so nothing it is given can make it trap.
struct RawJSONCursor {
    let bytes: ArraySlice<UInt8>
    var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        index = bytes.startIndex
    }

    var isAtEnd: Bool { index >= bytes.endIndex }

    /// The end of the value that starts at `start`.
    func end(ofValueAt start: Int) -> Int {
        guard start < bytes.endIndex else { return bytes.endIndex }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return end(ofStringAt: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = start
            while position < bytes.endIndex {
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
            return bytes.endIndex
        default:
            var position = start
            while position < bytes.endIndex {
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
        while position < bytes.endIndex {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""): return position + 1
            default: position += 1
            }
        }
        return bytes.endIndex
    }

    /// Calls `body` with each element of the array at the cursor.
    mutating func forEachElement(_ body: (ArraySlice<UInt8>) -> Void) {
        index += 1  // [
        guard index < bytes.endIndex, bytes[index] != UInt8(ascii: "]") else { return }
        while index < bytes.endIndex {
            let end = end(ofValueAt: index)
            body(bytes[index..<end])
            index = end
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { return }
            index += 1
        }
    }

    /// Calls `body` with each key (quotes included) and value of the object at the cursor.
    mutating func forEachMember(_ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) -> Void) {
        index += 1  // {
        guard index < bytes.endIndex, bytes[index] != UInt8(ascii: "}") else { return }
        while index < bytes.endIndex {
            let keyEnd = end(ofStringAt: index)
            let key = bytes[index..<keyEnd]
            index = keyEnd + 1  // :
            guard index < bytes.endIndex else { return }
            let end = end(ofValueAt: index)
            body(key, bytes[index..<end])
            index = end
            guard index < bytes.endIndex, bytes[index] == UInt8(ascii: ",") else { return }
            index += 1
        }
    }

    /// The text of a string token (quotes included), unescaped.
    static func string(_ token: ArraySlice<UInt8>) -> String {
        guard token.count >= 2 else { return "" }
        let inner = token.dropFirst().dropLast()
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        var scalars: [UInt8] = []
        scalars.reserveCapacity(inner.count)
        var position = inner.startIndex
        while position < inner.endIndex {
            let byte = inner[position]
            guard byte == UInt8(ascii: "\\"), position + 1 < inner.endIndex else {
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
                if (0xD800...0xDBFF).contains(value), position + 1 < inner.endIndex, inner[position] == UInt8(ascii: "\\"),
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

    private static func hex4(_ bytes: ArraySlice<UInt8>, at position: inout Int) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 where position < bytes.endIndex {
            value = value << 4 | UInt32(JSONCompactor.hexValue(bytes[position]) ?? 0)
            position += 1
        }
        return value
    }
}
