import Foundation

/// Writing a value back as text: compact (one line, an NDJSON record) or indented, in both
/// cases the same value (parsing the text gives back these bytes' value, keys in their order,
/// numbers with their digits).
extension RawJSON {
    /// The value on one line, with no spaces.
    /// - Parameter escaping: characters (from U+007F up) to write as `\uXXXX` escapes although
    ///   JSON allows them raw, e.g. those a terminal acts on; nil for none. Escapes that were
    ///   sent stay as sent.
    /// - Returns: the JSON text.
    public func compactText(escaping: (@Sendable (Unicode.Scalar) -> Bool)? = nil) -> String {
        var writer = JSONTextWriter(indent: nil, escaping: escaping)
        writer.write(self)
        return writer.text
    }

    /// The value indented by two spaces, one member or element a line (an array of numbers,
    /// strings and literals stays on one line), keys followed by `: `, as `jq .` shows it.
    /// - Parameter escaping: as for ``compactText(escaping:)``.
    /// - Returns: the JSON text, without a final newline.
    public func prettyText(escaping: (@Sendable (Unicode.Scalar) -> Bool)? = nil) -> String {
        var writer = JSONTextWriter(indent: 2, escaping: escaping)
        writer.write(self)
        return writer.text
    }
}

/// Lays out bytes a ``JSONCompactor`` made. Recursion follows the value's nesting, which the
/// compactor bounded.
struct JSONTextWriter {
    let indent: Int?
    let escaping: (@Sendable (Unicode.Scalar) -> Bool)?
    private(set) var output: [UInt8] = []

    init(indent: Int?, escaping: (@Sendable (Unicode.Scalar) -> Bool)?) {
        self.indent = indent
        self.escaping = escaping
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    mutating func write(_ value: RawJSON) {
        output.reserveCapacity(output.count + value.bytes.count + (indent == nil ? 0 : value.bytes.count / 2))
        RawJSONCursor.reading(value.bytes) { cursor in _ = write(cursor, at: 0, level: 0) }
    }

    /// Writes the value at `start`; returns where it ends.
    private mutating func write(_ cursor: RawJSONCursor, at start: Int, level: Int) -> Int {
        let bytes = cursor.bytes
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "{"):
            var position = start + 1
            output.append(UInt8(ascii: "{"))
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                output.append(UInt8(ascii: "}"))
                return position + 1
            }
            while position < bytes.count {
                newline(level + 1)
                let keyEnd = cursor.end(ofStringAt: position)
                writeString(UnsafeBufferPointer(rebasing: bytes[position..<keyEnd]))
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                position = write(cursor, at: keyEnd + 1, level: level + 1)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                output.append(UInt8(ascii: ","))
                position += 1
            }
            newline(level)
            output.append(UInt8(ascii: "}"))
            return min(position + 1, bytes.count)
        case UInt8(ascii: "["):
            var position = start + 1
            output.append(UInt8(ascii: "["))
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                output.append(UInt8(ascii: "]"))
                return position + 1
            }
            let flat = indent == nil || Self.holdsOnlyScalars(cursor, arrayAt: start)
            while position < bytes.count {
                if !flat { newline(level + 1) }
                position = write(cursor, at: position, level: level + 1)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { break }
                output.append(UInt8(ascii: ","))
                if flat, indent != nil { output.append(UInt8(ascii: " ")) }
                position += 1
            }
            if !flat { newline(level) }
            output.append(UInt8(ascii: "]"))
            return min(position + 1, bytes.count)
        case UInt8(ascii: "\""):
            let end = cursor.end(ofStringAt: start)
            writeString(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            return end
        default:
            let end = cursor.end(ofValueAt: start)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            return end
        }
    }

    /// Whether the array at `start` holds no object or array. Stops at the first container, so
    /// scalars are read at most twice and containers never here: linear overall.
    private static func holdsOnlyScalars(_ cursor: RawJSONCursor, arrayAt start: Int) -> Bool {
        let bytes = cursor.bytes
        var position = start + 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): return false
            case UInt8(ascii: "]"): return true
            case UInt8(ascii: ","): position += 1
            default: position = cursor.end(ofValueAt: position)
            }
        }
        return true
    }

    private mutating func newline(_ level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    /// A string token as sent, with the characters ``escaping`` names written as escapes.
    private mutating func writeString(_ token: UnsafeBufferPointer<UInt8>) {
        guard let escaping, token.contains(where: { $0 >= 0x7F }) else {
            output.append(contentsOf: token)
            return
        }
        var position = 0
        while position < token.count {
            let lead = token[position]
            if lead < 0x7F {
                output.append(lead)
                position += 1
                continue
            }
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let end = min(position + length, token.count)
            var value = UInt32(length == 1 ? lead : lead & (0xFF >> (length + 1)))
            for byte in token[(position + 1)..<end] { value = value << 6 | UInt32(byte & 0x3F) }
            if let scalar = Unicode.Scalar(value), escaping(scalar) {
                Self.appendEscape(of: scalar, to: &output)
            } else {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: token[position..<end]))
            }
            position = end
        }
    }

    /// `\uXXXX` in lower-case hex; a scalar past U+FFFF as its surrogate pair.
    static func appendEscape(of scalar: Unicode.Scalar, to output: inout [UInt8]) {
        for unit in String(scalar).utf16 {
            output.append(contentsOf: "\\u".utf8)
            let hex = String(unit, radix: 16)
            output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - hex.utf8.count))
            output.append(contentsOf: hex.utf8)
        }
    }
}
