/// Writing a document back: numbers exactly as their literals, members in their order, strings
/// escaped as `JSON.stringify` does (quote, backslash and C0 controls; everything else raw).
extension LiteralJSON {
    /// The document on one line, with no spaces: one NDJSON record.
    /// - Parameter transform: applied to every string (keys included) before it is escaped, e.g.
    ///   a terminal sanitizer; identity by default.
    /// - Returns: the JSON text.
    public func compactText(transformingStrings transform: (String) -> String = { $0 }) -> String {
        var output = ""
        write(into: &output, indent: nil, level: 0, transform: transform)
        return output
    }

    /// The document indented by two spaces, one member or element a line, as `jq .` shows it.
    /// - Parameter transform: applied to every string (keys included) before it is escaped.
    /// - Returns: the JSON text, without a final newline.
    public func prettyText(transformingStrings transform: (String) -> String = { $0 }) -> String {
        var output = ""
        write(into: &output, indent: "  ", level: 0, transform: transform)
        return output
    }

    private func write(into output: inout String, indent: String?, level: Int, transform: (String) -> String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let number): output += number.literal
        case .string(let text): Self.appendString(transform(text), to: &output)
        case .array(let elements):
            // Arrays of plain values (a sparkline) stay on one line even when pretty.
            let flat = indent == nil || elements.allSatisfy { $0.isScalar }
            writeList(
                open: "[", close: "]", count: elements.count, into: &output, indent: flat ? nil : indent, level: level,
                separator: flat && indent != nil ? ", " : ","
            ) { index, output in
                elements[index].write(into: &output, indent: indent, level: level + 1, transform: transform)
            }
        case .object(let object):
            writeList(open: "{", close: "}", count: object.members.count, into: &output, indent: indent, level: level, separator: ",") {
                index, output in
                let member = object.members[index]
                Self.appendString(transform(member.key), to: &output)
                output += indent == nil ? ":" : ": "
                member.value.write(into: &output, indent: indent, level: level + 1, transform: transform)
            }
        }
    }

    private func writeList(
        open: String, close: String, count: Int, into output: inout String, indent: String?, level: Int, separator: String,
        element: (Int, inout String) -> Void
    ) {
        output += open
        guard count > 0 else {
            output += close
            return
        }
        for index in 0..<count {
            if index > 0 { output += separator }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            element(index, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    static func appendString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
