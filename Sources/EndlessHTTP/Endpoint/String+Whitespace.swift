extension String {
    /// The string without leading and trailing spaces and tabs (the only whitespace that can
    /// surround a header value). Walked as bytes, not characters: a header is trimmed for
    /// every response, and a walk by grapheme cost more than the rest of reading it.
    func trimmingWhitespace() -> String {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let start = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        // A space or tab is a whole scalar, so the bytes between them are whole scalars too.
        return String(decoding: utf8[start...last], as: UTF8.self)
    }
}
