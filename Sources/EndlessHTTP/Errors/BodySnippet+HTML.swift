import Foundation

/// Error pages: a proxy's or a block page's HTML, read for its title and the start of its text.
extension BodySnippet {
    /// Whether a body is an HTML page: an HTML content type, or a body whose first
    /// non-blank character is `<` (block pages are often served as `text/plain` or with no
    /// type at all).
    package static func isHTML(contentType: String?, body: Data) -> Bool {
        if let type = contentType?.lowercased(), type.contains("html") { return true }
        var bytes = body.prefix(512)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// An HTML page's title and the start of its visible text.
    package static func html(_ body: Data, limit: Int = excerptLimit) -> (title: String?, text: String) {
        let page = String(decoding: body.prefix(scanLimit), as: UTF8.self)
        var title: String?
        if let open = page.range(of: "<title", options: .caseInsensitive),
            let openEnd = page[open.upperBound...].firstIndex(of: ">"),
            let close = page[openEnd...].range(of: "</title", options: .caseInsensitive)
        {
            let text = sanitize(decodeEntities(String(page[page.index(after: openEnd)..<close.lowerBound])), limit: 80)
            title = text.isEmpty ? nil : text
        }
        return (title, sanitize(decodeEntities(visibleText(page)), limit: limit))
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
