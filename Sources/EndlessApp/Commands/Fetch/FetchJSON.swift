import EndlessHTTP

/// The `json` and `ndjson` formats of `endless fetch`, whatever the feed: what the service
/// sent, exactly.
///
/// Both write the JSON each item was read from (``RawJSONRepresentable/rawJSON``): the
/// service's keys in the service's order, the fields no model knows, every number with the
/// digits sent, every string as sent. `json` writes the whole answer indented, `ndjson` one
/// item a line; parsed, either gives back the service's values.
///
/// Neither passes strings through the terminal sanitizer (that would change the service's
/// strings: a bio's line breaks, a byte order mark): JSON's escaping already keeps a record on
/// one line and every C0 control, ESC included, as `\u001b` text. What JSON allows raw but a
/// terminal may act on (DEL, C1 controls such as the 8-bit CSI U+009B, bidi embeddings,
/// overrides and isolates, line and paragraph separators, the byte order mark) is written as a
/// `\uXXXX` escape too, which means the same character. A test checks both halves of that claim.
enum FetchJSON {
    /// A whole answer, indented, ending in a newline.
    static func json(_ answer: RawJSON) -> String {
        answer.prettyText(escaping: needsEscape) + "\n"
    }

    /// One item a line.
    static func ndjson(_ items: [some RawJSONRepresentable]) -> String {
        var output = ""
        for item in items {
            output += item.rawJSON.compactText(escaping: needsEscape) + "\n"
        }
        return output
    }

    /// The characters written as escapes although JSON allows them raw: those a terminal may
    /// act on.
    @Sendable static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
            true
        default:
            false
        }
    }
}
