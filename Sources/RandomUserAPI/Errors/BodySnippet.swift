import Foundation

/// Short, single-line excerpts of response bodies for error messages.
///
/// An error message must stay one readable line in a log: bodies are cut, HTML loses its
/// tags, scripts and styles, whitespace collapses, and control and format characters (C0,
/// C1, bidi overrides) become spaces. This is for legibility, not terminal safety: the
/// front end's sanitizer still runs on every message before it reaches a terminal.
enum BodySnippet {
    /// How many characters of a body an error shows.
    static let defaultLimit = 160
    /// How many characters of a service `error` message an error keeps.
    static let defaultMessageLimit = 300
    /// How many bytes of a body are ever looked at, so a huge page costs little.
    static let scanLimit = 64 * 1024

    /// Whether a body is an HTML page: an HTML content type, or a body whose first
    /// non-blank character is `<` (block pages are often served as `text/plain` or with no
    /// type at all).
    static func isHTML(contentType: String?, body: Data) -> Bool {
        if let type = contentType?.lowercased(), type.contains("html") { return true }
        var bytes = body.prefix(512)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// The start of a body as one line.
    static func plain(_ body: Data, limit: Int = defaultLimit) -> String {
        oneLine(String(decoding: body.prefix(scanLimit), as: UTF8.self), limit: limit)
    }

    /// An HTML page's title and the start of its visible text.
    static func html(_ body: Data, limit: Int = defaultLimit) -> (title: String?, text: String) {
        let page = String(decoding: body.prefix(scanLimit), as: UTF8.self)
        var title: String?
        if let open = page.range(of: "<title", options: .caseInsensitive),
            let openEnd = page[open.upperBound...].firstIndex(of: ">"),
            let close = page[openEnd...].range(of: "</title", options: .caseInsensitive)
        {
            let text = oneLine(decodeEntities(String(page[page.index(after: openEnd)..<close.lowerBound])), limit: 80)
            title = text.isEmpty ? nil : text
        }
        return (title, oneLine(decodeEntities(visibleText(page)), limit: limit))
    }

    /// Text with control and format characters turned to spaces, whitespace collapsed and
    /// the result cut to `limit` characters with `…`.
    static func oneLine(_ text: String, limit: Int) -> String {
        var output = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isBlank =
                scalar.properties.isWhitespace || category == .control || category == .format
                || category == .lineSeparator || category == .paragraphSeparator
            if isBlank {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.unicodeScalars.append(" ")
                pendingSpace = false
            }
            output.unicodeScalars.append(scalar)
        }
        guard output.count > limit else { return output }
        return String(output.prefix(max(limit - 1, 0))) + "…"
    }

    /// The text between tags, without the content of `script`, `style` and comments.
    private static func visibleText(_ page: String) -> String {
        var output = ""
        var rest = page[...]
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            output += " "
            let tag = rest[open...]
            if tag.hasPrefix("<!--") {
                rest = tag.range(of: "-->").map { tag[$0.upperBound...] } ?? ""
                continue
            }
            let lowered = tag.prefix(8).lowercased()
            let skipped = ["script", "style"].first { lowered.hasPrefix("<\($0)") }
            if let skipped, let end = tag.range(of: "</\(skipped)", options: .caseInsensitive) {
                rest = tag[end.upperBound...]
            }
            guard let close = rest.firstIndex(of: ">") else { return output }
            rest = rest[rest.index(after: close)...]
        }
        return output + rest
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities = [
            "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'", "&#039;": "'",
            "&apos;": "'", "&nbsp;": " ", "&middot;": "·", "&ndash;": "–", "&mdash;": "—",
        ]
        var output = text
        for (entity, character) in entities where output.contains(entity) {
            output = output.replacingOccurrences(of: entity, with: character)
        }
        return output
    }
}
