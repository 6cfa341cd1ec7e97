extension TextBuffer {
    /// Appends `utf8` as a JSON string the way `JSON.stringify` writes it: quotes, `"` and `\`
    /// escaped, `\b \f \n \r \t` and `\u00xx` for other controls; `/` and non-ASCII raw.
    mutating func appendJSONString(_ utf8: some Collection<UInt8>) {
        append(UInt8(ascii: "\""))
        if utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            for byte in utf8 {
                appendJSONEscaped(byte)
            }
        } else {
            append(contentsOf: utf8)
        }
        append(UInt8(ascii: "\""))
    }

    private mutating func appendJSONEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0..<0x20:
            append("\\u00")
            append(HexDigits.lowercase[Int(byte >> 4)])
            append(HexDigits.lowercase[Int(byte & 0xF)])
        default:
            append(byte)
        }
    }

    /// Appends a JS number as `JSON.stringify` writes it (integers plain, `2.5`, `1e-7`).
    mutating func appendJSONNumber(_ value: Double) {
        if value.isFinite, value == value.rounded(), value.magnitude < 1e15 {
            append(number: Int(value))
        } else if value.isFinite {
            append(utf8: JSNumber.string(value))
        } else {
            append("null")
        }
    }
}
