extension BidirectionalCollection<UInt8> {
    /// The bytes without the spaces and tabs around them: HTTP's optional whitespace, the only
    /// whitespace that can surround a header's name or value. Bytes, not characters: headers
    /// are trimmed for every response, and a walk by grapheme cost more than the rest of
    /// reading them (issue 29).
    func trimmingHTTPWhitespace() -> SubSequence {
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let start = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return self[endIndex...]
        }
        return self[start...last]
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (see `trimmingHTTPWhitespace`).
    func trimmingWhitespace() -> String {
        // A space or tab is a whole scalar, so the bytes between them are whole scalars too.
        String(decoding: utf8.trimmingHTTPWhitespace(), as: UTF8.self)
    }
}
