/// yamljs 0.2.10 `YAML.stringify(response, 4)` with its default 4-space indentation (§7):
/// block style down to the user's own objects, flow style below (`street`, `coordinates`,
/// `timezone`), `-` on its own line before each user, and yamljs's scalar quoting rules.
enum YAMLWriter {
    /// The `inline` level the live service passes: the depth at which output turns to flow style.
    static let inlineLevel = 4
    static let indentation = 4

    static func write(_ node: ResponseNode, to text: inout TextBuffer) {
        dump(node, inline: inlineLevel, indent: 0, to: &text)
    }

    /// Dumper.dump: block style while `inline > 0` and the value is a non-empty container.
    private static func dump(_ node: ResponseNode, inline: Int, indent: Int, to text: inout TextBuffer) {
        let prefix = indent == 0 ? "" : String(repeating: " ", count: indent)
        switch node {
        case .object(let members) where inline > 0 && !members.isEmpty:
            for member in members {
                let inlined = willBeInlined(member.value, inline: inline)
                text.append(utf8: prefix)
                text.append(utf8: scalar(.string(member.key)))
                text.append(inlined ? ": " : ":\n")
                dump(member.value, inline: inline - 1, indent: inlined ? 0 : indent + indentation, to: &text)
                if inlined {
                    text.append(UInt8(ascii: "\n"))
                }
            }
        case .array(let elements) where inline > 0 && !elements.isEmpty:
            for element in elements {
                let inlined = willBeInlined(element, inline: inline)
                text.append(utf8: prefix)
                text.append(inlined ? "- " : "-\n")
                dump(element, inline: inline - 1, indent: inlined ? 0 : indent + indentation, to: &text)
                if inlined {
                    text.append(UInt8(ascii: "\n"))
                }
            }
        default:
            text.append(utf8: prefix)
            text.append(utf8: inlineDump(node))
        }
    }

    /// A child is written on the same line when the next level is flow style, it is a scalar,
    /// or it is an empty container.
    private static func willBeInlined(_ node: ResponseNode, inline: Int) -> Bool {
        switch node {
        case .object(let members): inline - 1 <= 0 || members.isEmpty
        case .array(let elements): inline - 1 <= 0 || elements.isEmpty
        default: true
        }
    }

    /// Inline.dump: flow collections and scalars.
    private static func inlineDump(_ node: ResponseNode) -> String {
        switch node {
        case .object(let members):
            "{" + members.map { scalar(.string($0.key)) + ": " + inlineDump($0.value) }.joined(separator: ", ") + "}"
        case .array(let elements):
            "[" + elements.map(inlineDump).joined(separator: ", ") + "]"
        default:
            scalar(node)
        }
    }

    /// Inline.dump for one scalar, in yamljs's order of checks.
    static func scalar(_ node: ResponseNode) -> String {
        switch node {
        case .null, .undefined, .object, .array: return "null"
        case .integer(let value): return String(value)
        case .number(let value): return JSNumber.string(value)
        case .string(let value):
            if !value.isEmpty && value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
                return "'" + value + "'"
            }
            if isNumeric(value) {
                return "'" + value + "'"
            }
            if requiresDoubleQuoting(value) {
                return doubleQuoted(value)
            }
            if requiresSingleQuoting(value) {
                return "'" + doublingSingleQuotes(value) + "'"
            }
            if value.isEmpty {
                return "\"\""
            }
            if isDate(value) || ["null", "~", "true", "false"].contains(value.lowercased()) {
                return "'" + value + "'"
            }
            return value
        }
    }

    /// `!isNaN(s)` and not only whitespace: anything JS `Number()` reads as a number. Every such
    /// string has a digit or spells `Infinity`, which rules most text out without parsing it.
    private static func isNumeric(_ value: String) -> Bool {
        let hasDigit = value.utf8.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard hasDigit || value.utf8.contains(UInt8(ascii: "I")) else { return false }
        return !JSNumber.number(value).isNaN && !value.unicodeScalars.allSatisfy(JSNumber.isWhitespace)
    }

    /// Control characters need double quotes, and so do the character pairs yamljs's pattern
    /// literally contains (it spells NEL, NBSP, LS and PS as their UTF-8 bytes read as Latin-1).
    private static func requiresDoubleQuoting(_ value: String) -> Bool {
        // 0: nothing pending, 1: after U+00C2, 2: after U+00E2, 3: after U+00E2 U+0080.
        var state = 0
        for scalar in value.unicodeScalars {
            let code = scalar.value
            if code < 0x20 {
                return true
            }
            switch (state, code) {
            case (1, 0x85), (1, 0xA0), (3, 0xA8), (3, 0xA9): return true
            case (2, 0x80): state = 3
            case (_, 0xC2): state = 1
            case (_, 0xE2): state = 2
            default: state = 0
            }
        }
        return false
    }

    /// Whitespace or one of `'":{}[],&*#?` anywhere, or a leading indicator character.
    private static func requiresSingleQuoting(_ value: String) -> Bool {
        var isFirst = true
        for scalar in value.unicodeScalars {
            switch scalar {
            case "'", "\"", ":", "{", "}", "[", "]", ",", "&", "*", "#", "?": return true
            case "-", "|", "<", ">", "=", "!", "%", "@", "`":
                if isFirst {
                    return true
                }
            default:
                if isRegexWhitespace(scalar) {
                    return true
                }
            }
            isFirst = false
        }
        return false
    }

    /// JS `\s`: StrWhiteSpaceChar plus U+1680 and the other Zs characters (already in it).
    private static func isRegexWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        JSNumber.isWhitespace(scalar)
    }

    /// yamljs PATTERN_DATE, for the strings that reach it (no whitespace or `:`): `YYYY-M-D`.
    private static func isDate(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return false }
        let digitCounts = [4...4, 1...2, 1...2]
        return zip(parts, digitCounts).allSatisfy { part, counts in
            counts.contains(part.count) && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
    }

    /// Escaper.escapeWithDoubleQuotes: `\` and `"` escaped, controls as YAML escapes.
    private static func doubleQuoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x5C: result += "\\\\"
            case 0x22: result += "\\\""
            case 0x00: result += "\\0"
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x09: result += "\\t"
            case 0x0A: result += "\\n"
            case 0x0B: result += "\\v"
            case 0x0C: result += "\\f"
            case 0x0D: result += "\\r"
            case 0x1B: result += "\\e"
            case 0x85: result += "\\N"
            case 0xA0: result += "\\_"
            case 0x2028: result += "\\L"
            case 0x2029: result += "\\P"
            case 0..<0x20:
                result += "\\x"
                result.unicodeScalars.append(Unicode.Scalar(HexDigits.lowercase[Int(scalar.value >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(HexDigits.lowercase[Int(scalar.value & 0xF)]))
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Escaper.escapeWithSingleQuotes: every `'` doubled.
    private static func doublingSingleQuotes(_ value: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            result.append(scalar)
            if scalar == "'" {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
