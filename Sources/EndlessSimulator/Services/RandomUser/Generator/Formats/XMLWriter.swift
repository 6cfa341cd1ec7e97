/// js2xmlparser 1.0.0 `js2xmlparser("user", response)` (§7): an XML declaration, root `<user>`,
/// tab indentation, one `<results>` element per user, `<info>` after them, empty elements for
/// null and undefined, `& < > " '` as entities, and no trailing newline.
enum XMLWriter {
    static let rootName = "user"

    static func write(_ node: ResponseNode, to text: inout TextBuffer) {
        var body = TextBuffer(capacity: 4096)
        element(rootName, node, level: 0, to: &body)
        // js2xmlparser strips trailing whitespace at the end, then prepends the declaration.
        var bytes = body.bytes[...]
        while let last = bytes.last, last == 0x20 || (0x09...0x0D).contains(last) {
            bytes.removeLast()
        }
        text.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        text.append(contentsOf: bytes)
    }

    /// One property: arrays become repeated elements, objects nest, everything else is text.
    private static func element(_ name: String, _ node: ResponseNode, level: Int, to text: inout TextBuffer) {
        // Element names cannot start with a digit; js2xmlparser prefixes `_`.
        let tag = name.first?.isNumber == true ? "_" + name : name
        switch node {
        case .array(let elements):
            for element in elements {
                self.element(name, element, level: level, to: &text)
            }
        case .object(let members):
            indent(level, to: &text)
            text.append(UInt8(ascii: "<"))
            text.append(utf8: tag)
            guard !members.isEmpty else {
                text.append("/>\n")
                return
            }
            text.append(">\n")
            for member in members {
                element(member.key, member.value, level: level + 1, to: &text)
            }
            indent(level, to: &text)
            text.append("</")
            text.append(utf8: tag)
            text.append(">\n")
        default:
            indent(level, to: &text)
            text.append(UInt8(ascii: "<"))
            text.append(utf8: tag)
            text.append(UInt8(ascii: ">"))
            appendEscaped(content(node), to: &text)
            text.append("</")
            text.append(utf8: tag)
            text.append(">\n")
        }
    }

    /// `toString`: null and undefined are "", numbers their JS text.
    private static func content(_ node: ResponseNode) -> String {
        switch node {
        case .string(let value): value
        case .integer(let value): String(value)
        case .number(let value): JSNumber.string(value)
        default: ""
        }
    }

    private static func appendEscaped(_ value: String, to text: inout TextBuffer) {
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): text.append("&amp;")
            case UInt8(ascii: "<"): text.append("&lt;")
            case UInt8(ascii: ">"): text.append("&gt;")
            case UInt8(ascii: "\""): text.append("&quot;")
            case UInt8(ascii: "'"): text.append("&apos;")
            default: text.append(byte)
            }
        }
    }

    private static func indent(_ level: Int, to text: inout TextBuffer) {
        for _ in 0..<level {
            text.append(UInt8(ascii: "\t"))
        }
    }
}
