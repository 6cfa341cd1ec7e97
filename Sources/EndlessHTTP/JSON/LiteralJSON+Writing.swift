import Foundation

/// Writing a document back: numbers exactly as their literals, members in their order, strings
/// escaped as `JSON.stringify` does (quote, backslash and C0 controls; everything else raw).
extension LiteralJSON {
    /// The document as a ``RawJSON`` value.
    public var rawJSON: RawJSON {
        var output: [UInt8] = []
        write(into: &output)
        return RawJSON(trusted: Data(output))
    }

    /// The document on one line, with no spaces: one NDJSON record.
    /// - Parameter escaping: characters (from U+007F up) to write as escapes; nil for none.
    /// - Returns: the JSON text.
    public func compactText(escaping: (@Sendable (Unicode.Scalar) -> Bool)? = nil) -> String {
        rawJSON.compactText(escaping: escaping)
    }

    /// The document indented by two spaces, as ``RawJSON/prettyText(escaping:)`` writes it.
    /// - Parameter escaping: characters (from U+007F up) to write as escapes; nil for none.
    /// - Returns: the JSON text, without a final newline.
    public func prettyText(escaping: (@Sendable (Unicode.Scalar) -> Bool)? = nil) -> String {
        rawJSON.prettyText(escaping: escaping)
    }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.literal.utf8)
        case .string(let text): Self.appendString(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                Self.appendString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    static func appendString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: "\\\\".utf8)
            case 0x0A: output.append(contentsOf: "\\n".utf8)
            case 0x0D: output.append(contentsOf: "\\r".utf8)
            case 0x09: output.append(contentsOf: "\\t".utf8)
            case 0x08: output.append(contentsOf: "\\b".utf8)
            case 0x0C: output.append(contentsOf: "\\f".utf8)
            case 0..<0x20: JSONTextWriter.appendEscape(of: Unicode.Scalar(byte), to: &output)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
