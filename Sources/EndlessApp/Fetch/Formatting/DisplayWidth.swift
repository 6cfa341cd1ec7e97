/// How many terminal columns text occupies, and how to cut and pad it to a width.
///
/// Counted per grapheme (a `Character`), so a letter and its combining marks stay together:
/// - East Asian wide and fullwidth characters (CJK, Hangul syllables, fullwidth forms) and
///   emoji shown as emoji take 2 columns;
/// - combining marks, format characters (the zero-width non-joiner that Persian writes
///   between parts of a word, ZWJ) and Hangul medial vowels take 0;
/// - everything else, Persian and other Arabic-script letters included, takes 1.
///
/// Control characters are not expected: every string passes the sanitizer first.
enum DisplayWidth {
    /// The columns `text` occupies.
    static func of(_ text: some StringProtocol) -> Int {
        // Most cells are ASCII: one column per byte, no grapheme breaking needed.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme occupies: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            let scalarWidth = of(scalar)
            if scalarWidth == 2 { return 2 }
            // An emoji variation selector turns a text-style base into a wide emoji.
            if scalar.value == 0xFE0F, width == 1, character.unicodeScalars.first?.properties.isEmoji == true {
                return 2
            }
            width = max(width, scalarWidth)
        }
        return width
    }

    private static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) || value == 0x200B { return 0 }
        return 1
    }

    /// East Asian Width W and F blocks (Unicode 15), without the emoji, which the emoji
    /// presentation property covers.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
            0x17000...0x18CFF, 0x1B000...0x1B2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut. A wide
    /// character that would straddle the edge is dropped whole, never split.
    static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var output = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            output.append(character)
            used += columns
        }
        return output + "…"
    }

    /// `text` padded with spaces to `width` columns, on the right or (for numbers) the left.
    static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignRight ? padding + text : text + padding
    }
}
