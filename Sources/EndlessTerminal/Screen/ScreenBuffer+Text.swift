extension ScreenBuffer {
    /// Writes text on one row, clipped to the buffer and to `maxWidth` columns.
    ///
    /// Controls and other undrawable clusters are skipped, so even unsanitized text cannot
    /// move the cursor; outside strings should still go through ``TextSanitizer`` first, which
    /// also removes whole escape sequences and bidi overrides. A wide character that would
    /// cross the limit is replaced by a space.
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - point: where its first column goes; columns left of 0 are clipped.
    ///   - style: colors and attributes of every cell written.
    ///   - maxWidth: the most columns to use; `nil` means up to the right edge.
    ///   - ellipsis: when true, text that does not fit ends in `…` instead of being cut.
    /// - Returns: the columns written (including a space that replaced a clipped wide character).
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, at point: Point, style: Style = .plain, maxWidth: Int? = nil,
        ellipsis: Bool = false
    ) -> Int {
        write(String(text), at: point, style: style, maxWidth: maxWidth, ellipsis: ellipsis)
    }

    /// The concrete path: a generic public entry converts once and lands here, so callers in
    /// other modules do not run the per-character loop through protocol witnesses.
    @discardableResult
    mutating func write(_ text: String, at point: Point, style: Style, maxWidth: Int?, ellipsis: Bool) -> Int {
        guard point.y >= 0, point.y < size.height else { return 0 }
        var limit = size.width
        if let maxWidth { limit = min(limit, point.x + max(0, maxWidth)) }
        guard limit > point.x, limit > 0 else { return 0 }
        if ellipsis {
            let fitted = TextLayout.truncate(string: text, toWidth: limit - point.x)
            return writeClipped(fitted, x: point.x, y: point.y, style: style, limit: limit)
        }
        return writeClipped(text, x: point.x, y: point.y, style: style, limit: limit)
    }

    private mutating func writeClipped(_ text: String, x start: Int, y: Int, style: Style, limit: Int) -> Int {
        var x = start
        for character in text {
            if x >= limit { break }
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if x < 0 {
                // Clipped on the left; the right half of a wide character that straddles
                // column 0 becomes a space.
                if x + width > 0 { put(.blank(style), x: 0, y: y) }
                x += width
                continue
            }
            if x + width > limit {
                put(.blank(style), x: x, y: y)
                x += 1
                break
            }
            put(Cell(grapheme: String(character), style: style, width: UInt8(width)), x: x, y: y)
            x += width
        }
        return max(0, x - max(start, 0))
    }
}
