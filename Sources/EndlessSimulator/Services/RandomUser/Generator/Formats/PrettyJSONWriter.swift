/// `JSON.stringify(value, null, 2)`: two-space indentation, `": "` after keys, `{}`/`[]` for
/// empty containers, members whose value is undefined left out, no trailing newline (§7).
enum PrettyJSONWriter {
    static func write(_ node: ResponseNode, to text: inout TextBuffer) {
        write(node, indent: 0, to: &text)
    }

    private static func write(_ node: ResponseNode, indent: Int, to text: inout TextBuffer) {
        switch node {
        case .string(let value): text.appendJSONString(value.utf8)
        case .integer(let value): text.append(number: value)
        case .number(let value): text.appendJSONNumber(value)
        case .null, .undefined: text.append("null")
        case .object(let members):
            let shown = members.filter { $0.value != .undefined }
            guard !shown.isEmpty else {
                text.append("{}")
                return
            }
            text.append(UInt8(ascii: "{"))
            for (index, member) in shown.enumerated() {
                text.append(index == 0 ? "\n" : ",\n")
                appendIndent(indent + 1, to: &text)
                text.appendJSONString(member.key.utf8)
                text.append(": ")
                write(member.value, indent: indent + 1, to: &text)
            }
            text.append(UInt8(ascii: "\n"))
            appendIndent(indent, to: &text)
            text.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard !elements.isEmpty else {
                text.append("[]")
                return
            }
            text.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                text.append(index == 0 ? "\n" : ",\n")
                appendIndent(indent + 1, to: &text)
                write(element, indent: indent + 1, to: &text)
            }
            text.append(UInt8(ascii: "\n"))
            appendIndent(indent, to: &text)
            text.append(UInt8(ascii: "]"))
        }
    }

    private static func appendIndent(_ level: Int, to text: inout TextBuffer) {
        for _ in 0..<(level * 2) {
            text.append(UInt8(ascii: " "))
        }
    }
}
