import Foundation

/// Turns the start of a response body into a short, single-line, printable excerpt.
///
/// Bodies come from the network and end up in terminals and logs, so control characters
/// (C0, DEL, C1, which include ESC and CSI) and bidirectional overrides are removed, line
/// breaks become spaces, and the result is cut to a length that fits an error message.
/// This module cannot use the terminal's sanitizer, so it carries this small one; the API
/// clients use it too (`package`), for their services' messages and error pages.
package enum BodySnippet {
    /// How many characters an error message quotes from a body, or from a service's message.
    package static let defaultLimit = 300
    /// How many characters of a body quoted as is, or of an HTML page's text, an error shows.
    package static let excerptLimit = 160
    /// How many bytes of a body are ever looked at, so a huge page costs little.
    package static let scanLimit = 64 * 1024

    /// An excerpt of `body`, or a short note when the body is binary.
    ///
    /// With a `redactor`, the excerpt hides its secrets: the text is redacted before its lines
    /// are joined (a secret header's value ends at its line), a secret cut off where the
    /// excerpt's bytes end is hidden too, and the joined line is redacted again (removed
    /// control characters could have split a secret).
    package static func make(from body: Data, limit: Int = defaultLimit, redactor: Redactor? = nil) -> String {
        guard !body.isEmpty else { return "" }
        // Each character takes at most 4 bytes; a little more leaves room for removed ones.
        let prefix = body.prefix(limit * 4 + 16)
        var text = String(decoding: prefix, as: UTF8.self)
        let replacements = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
        if replacements > 8 && replacements * 10 > text.unicodeScalars.count {
            return "(\(body.count) bytes of binary data)"
        }
        guard let redactor else { return sanitize(text, limit: limit) }
        text = redactor.redact(prefix: text, wasCut: prefix.count < body.count)
        return redactor.redact(text: sanitize(text, limit: limit))
    }

    /// The start of a body as one line, however it reads (no binary note).
    package static func plain(_ body: Data, limit: Int = excerptLimit) -> String {
        sanitize(String(decoding: body.prefix(scanLimit), as: UTF8.self), limit: limit)
    }

    /// `text` on one line, at most `limit` characters (cut with `…`): whitespace of any kind
    /// (line breaks, tabs, no-break spaces) collapses to one space, control characters (C0,
    /// DEL, C1) and bidi overrides are removed.
    package static func sanitize(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            if isLineSpace(scalar) {
                if !lastWasSpace { scalars.append(" ") }
                lastWasSpace = true
            } else if isRemoved(scalar) {
                continue
            } else {
                scalars.append(scalar)
                lastWasSpace = false
            }
        }
        var result = String(scalars)
        while result.last == " " { result.removeLast() }
        if result.count > limit {
            result = String(result.prefix(max(0, limit - 1))) + "…"
        }
        return result
    }

    private static func isLineSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1 (ESC, CSI, OSC...)
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidi marks and overrides
        case 0xFEFF: return true  // byte order mark
        default: return false
        }
    }
}
