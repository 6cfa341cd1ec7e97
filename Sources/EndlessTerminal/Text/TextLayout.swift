/// Fitting text into a number of columns.
public enum TextLayout {
    /// The ellipsis that marks truncated text.
    public static let ellipsis: Character = "…"

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    ///
    /// Wide characters are never split: if one would straddle the limit it goes, and the
    /// result may be one column narrower than `width`.
    ///
    /// - Parameters:
    ///   - text: the text to fit.
    ///   - width: the columns available.
    /// - Returns: text whose display width is at most `width`.
    @inlinable
    public static func truncate(_ text: some StringProtocol, toWidth width: Int) -> String {
        truncate(string: String(text), toWidth: width)
    }

    /// The concrete path, where the generic entry (inlined into its caller) lands.
    @usableFromInline
    static func truncate(string text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let total = DisplayWidth.of(string: text)
        if total <= width { return text }
        var result = ""
        var used = 0
        let budget = width - 1  // the ellipsis takes one column
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > budget { break }
            result.append(character)
            used += columns
        }
        result.append(ellipsis)
        return result
    }

    /// `text` in lines of at most `width` columns, broken between words (at spaces, which
    /// the breaks drop, as they do runs of spaces). Counted in columns, so wide characters
    /// wrap rather than run off the edge. A word wider than `width` keeps a line of its own,
    /// whole: cut it when drawing (``truncate(_:toWidth:)``).
    ///
    /// - Parameters:
    ///   - text: the text to wrap.
    ///   - width: the most columns a line takes.
    /// - Returns: the lines, at least one (empty for empty text).
    public static func wrap(_ text: some StringProtocol, toWidth width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(word)
            if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            if lineWidth > 0 {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
        }
        lines.append(line)
        return lines
    }

    /// `text` truncated to `width` columns and padded with spaces to exactly `width`.
    ///
    /// - Parameters:
    ///   - text: the text to fit.
    ///   - width: the columns to fill.
    ///   - alignment: where the text goes when it is shorter.
    /// - Returns: text exactly `width` columns wide.
    public static func pad(_ text: some StringProtocol, toWidth width: Int, alignment: Alignment = .leading) -> String {
        let fitted = truncate(text, toWidth: width)
        let missing = max(0, width - DisplayWidth.of(fitted))
        switch alignment {
        case .leading:
            return fitted + String(repeating: " ", count: missing)
        case .trailing:
            return String(repeating: " ", count: missing) + fitted
        case .center:
            let left = missing / 2
            return String(repeating: " ", count: left) + fitted + String(repeating: " ", count: missing - left)
        }
    }

    /// Where text sits inside a wider space.
    public enum Alignment: Sendable, Hashable {
        /// Flush left.
        case leading
        /// Centred.
        case center
        /// Flush right.
        case trailing
    }
}
