import Foundation

/// The `json` and `ndjson` formats of `endless fetch`, whatever the feed.
///
/// **json keeps the data exact** (it is the format for tools), and relies on escaping
/// instead of the sanitizer to be safe on a terminal. JSONEncoder escapes C0 controls, ESC
/// included, as `\u001b`, but writes C1 controls (U+0080–U+009F, among them the 8-bit CSI
/// U+009B), DEL, bidi overrides and line separators raw; so this formatter escapes those
/// too. A test checks both halves of that claim.
///
/// **ndjson is sanitized** like the table and CSV: it is one line per item, meant for
/// `grep` and line-oriented tools whose output goes straight to a terminal.
///
/// Keys are sorted: Linux Foundation's JSONEncoder does not keep insertion order, and sorted
/// output is the same in every run.
enum FetchJSON {
    /// The whole response, pretty-printed, ending in a newline.
    static func json(_ response: some Encodable) throws -> String {
        let encoder = makeEncoder(pretty: true)
        return terminalSafe(String(decoding: try encoder.encode(response), as: UTF8.self)) + "\n"
    }

    /// One compact item per line, each passed through `sanitized` first.
    static func ndjson<Item: Encodable>(_ items: [Item], sanitized: (Item) -> Item) throws -> String {
        let encoder = makeEncoder(pretty: false)
        var output = ""
        for item in items {
            output += String(decoding: try encoder.encode(sanitized(item)), as: UTF8.self) + "\n"
        }
        return output
    }

    private static func makeEncoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Escapes, as `\uXXXX`, what JSONEncoder leaves raw but a terminal may act on: DEL, C1
    /// controls, bidi embeddings/overrides/isolates and marks, line and paragraph
    /// separators, and the byte order mark. These can only occur inside JSON strings (the
    /// structure is ASCII), where the escape means the same character, so the output stays
    /// valid JSON with the same data.
    static func terminalSafe(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var output = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) {
                let hex = String(scalar.value, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// The characters ``terminalSafe(_:)`` escapes.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            true
        default:
            false
        }
    }
}
