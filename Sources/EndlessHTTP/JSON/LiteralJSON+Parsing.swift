/// Reading a document: checked and compacted once by ``RawJSON`` (RFC 8259, UTF-8, nesting at
/// most 256 deep), then built into a tree, numbers kept as text and strings unescaped.
extension LiteralJSON {
    /// The deepest nesting accepted; CoinGecko's bodies are 3 deep.
    public static let maximumDepth = JSONCompactor.maximumDepth

    /// Parses a whole document.
    /// - Parameter bytes: the body, UTF-8.
    /// - Returns: the value.
    /// - Throws: ``JSONSyntaxError`` naming the first byte that is wrong.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> LiteralJSON {
        LiteralJSON(try RawJSON(parsing: bytes))
    }

    /// The tree of a value.
    /// - Parameter raw: the value.
    public init(_ raw: RawJSON) {
        var builder = TreeBuilder(bytes: raw.bytes)
        self = builder.value()
    }

    /// Whether `text` is exactly one JSON number.
    static func isNumberLiteral(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { JSONCompactor.isNumber($0) }
    }
}

/// Builds the tree of compacted bytes. Recursion follows the nesting the compactor bounded.
private struct TreeBuilder {
    var cursor: RawJSONCursor

    init(bytes: ArraySlice<UInt8>) {
        cursor = RawJSONCursor(bytes)
    }

    mutating func value() -> LiteralJSON {
        guard !cursor.isAtEnd else { return .null }
        let bytes = cursor.bytes
        let start = cursor.index
        switch bytes[start] {
        case UInt8(ascii: "{"):
            var members: [LiteralJSON.Object.Member] = []
            var nested = cursor
            nested.forEachMember { key, value in
                var builder = TreeBuilder(bytes: value)
                members.append(.init(RawJSONCursor.string(key), builder.value()))
            }
            cursor.index = cursor.end(ofValueAt: start)
            return .object(LiteralJSON.Object(members))
        case UInt8(ascii: "["):
            var elements: [LiteralJSON] = []
            var nested = cursor
            nested.forEachElement { element in
                var builder = TreeBuilder(bytes: element)
                elements.append(builder.value())
            }
            cursor.index = cursor.end(ofValueAt: start)
            return .array(elements)
        case UInt8(ascii: "\""):
            let end = cursor.end(ofStringAt: start)
            cursor.index = end
            return .string(RawJSONCursor.string(bytes[start..<end]))
        case UInt8(ascii: "t"):
            cursor.index = cursor.end(ofValueAt: start)
            return .bool(true)
        case UInt8(ascii: "f"):
            cursor.index = cursor.end(ofValueAt: start)
            return .bool(false)
        case UInt8(ascii: "n"):
            cursor.index = cursor.end(ofValueAt: start)
            return .null
        default:
            let end = cursor.end(ofValueAt: start)
            cursor.index = end
            return .number(LiteralJSON.Number(checked: String(decoding: bytes[start..<end], as: UTF8.self)))
        }
    }
}
