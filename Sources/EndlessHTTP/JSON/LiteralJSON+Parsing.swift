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
        self = RawJSONCursor.reading(raw.bytes) { cursor in TreeBuilder.value(cursor.bytes, at: 0) }
    }

    /// Whether `text` is exactly one JSON number.
    static func isNumberLiteral(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { JSONCompactor.isNumber($0) }
    }
}

/// Builds the tree of compacted bytes. Recursion follows the nesting the compactor bounded.
private enum TreeBuilder {
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> LiteralJSON {
        guard start < bytes.count else { return .null }
        let end = RawJSONCursor(bytes: bytes).end(ofValueAt: start)
        switch bytes[start] {
        case UInt8(ascii: "{"):
            var members: [LiteralJSON.Object.Member] = []
            var nested = RawJSONCursor(bytes: bytes, index: start)
            nested.forEachMember { key, value in
                let name = RawJSONCursor.string(UnsafeBufferPointer(rebasing: bytes[key]))
                members.append(.init(name, Self.value(bytes, at: value.lowerBound)))
            }
            return .object(LiteralJSON.Object(members))
        case UInt8(ascii: "["):
            var elements: [LiteralJSON] = []
            var nested = RawJSONCursor(bytes: bytes, index: start)
            nested.forEachElement { element in elements.append(Self.value(bytes, at: element.lowerBound)) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(RawJSONCursor.string(UnsafeBufferPointer(rebasing: bytes[start..<end])))
        case UInt8(ascii: "t"):
            return .bool(true)
        case UInt8(ascii: "f"):
            return .bool(false)
        case UInt8(ascii: "n"):
            return .null
        default:
            return .number(LiteralJSON.Number(checked: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
        }
    }
}
