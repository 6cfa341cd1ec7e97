/// How many terminal columns text occupies, like `wcwidth(3)` but per grapheme cluster.
///
/// A cluster is measured as a whole, the way grapheme-aware terminals (kitty, WezTerm, foot,
/// Windows Terminal, and others with mode 2027) draw it: East Asian wide and fullwidth
/// characters take 2 columns, combining marks and other zero-width scalars ride on their base,
/// emoji with emoji presentation (or forced to it by U+FE0F), ZWJ sequences, skin-tone
/// sequences, keycaps and flags take 2, and U+FE0E forces an emoji back to 1. Controls and
/// clusters that start with a zero-width scalar measure 0: the screen buffer never stores them.
public enum DisplayWidth {
    /// The columns one grapheme cluster occupies.
    ///
    /// - Parameter character: a grapheme cluster.
    /// - Returns: 0 (not drawable), 1 or 2.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        let value = first.value
        if value >= 0x20 && value < 0x7F, character.utf8.count == 1 { return 1 }
        // A lone Latin, Greek or Cyrillic letter (most names that are not ASCII): one column,
        // without the Unicode property lookups below, which were a visible share of a frame.
        if character.utf8.count == 2, isNarrowTwoByteLetter(value) { return value == 0xAD ? 0 : 1 }
        var width = scalarWidth(first)
        if width == 0 { return 0 }
        let isEmojiBase = first.properties.isEmoji  // digits, # and * too: keycaps
        var regionalIndicators = 0
        if isRegionalIndicator(value) {
            regionalIndicators = 1
            width = 1  // a lone regional indicator is a letter-like symbol
        }
        while let scalar = iterator.next() {
            let next = scalar.value
            switch next {
            case 0x00..<0x20, 0x7F...0x9F:
                return 0  // "\r\n" is one cluster; controls are never drawn
            case 0xFE0F where isEmojiBase:
                width = 2  // emoji presentation selector: "❤️", keycaps "1️⃣"
            case 0xFE0E where isEmojiBase:
                width = 1  // text presentation selector
            case 0x1F3FB...0x1F3FF:
                width = 2  // skin tone modifier
            case 0x1F1E6...0x1F1FF:
                regionalIndicators += 1
            default:
                // ZWJ sequences keep the width of their (emoji) base; combining marks, variation
                // selectors and Hangul jamo vowels add nothing.
                if next >= 0x1F000 && scalar.properties.isEmojiPresentation { width = 2 }
            }
        }
        if regionalIndicators >= 2 { return 2 }  // a flag
        return width
    }

    /// The columns a string occupies: the sum over its grapheme clusters.
    ///
    /// - Parameter text: any text; controls count 0.
    /// - Returns: the display width.
    public static func of(_ text: some StringProtocol) -> Int {
        of(string: String(text))
    }

    static func of(string text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of a single scalar, as the base of a cluster.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .surrogate, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if value < 0x1100 { return 1 }
        if DisplayWidthTables.isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Scalars of two UTF-8 bytes that measure 1 alone (the soft hyphen aside): Latin-1 and
    /// Latin Extended, then Greek and Cyrillic up to the Cyrillic combining marks; the
    /// combining diacriticals between them are excluded.
    static func isNarrowTwoByteLetter(_ value: UInt32) -> Bool {
        (value >= 0xA0 && value < 0x300) || (value >= 0x370 && value < 0x483)
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }
}
