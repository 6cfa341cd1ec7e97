/// The East Asian Wide (W) and Fullwidth (F) ranges of Unicode 15.1 that are not emoji.
///
/// Emoji with default emoji presentation are wide too, but the standard library already knows
/// them (`Unicode.Scalar.Properties.isEmojiPresentation`), so they are not repeated here. The
/// table is sorted and searched by bisection.
enum DisplayWidthTables {
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        // The bulk of real text: CJK ideographs and Hangul syllables.
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) { return true }
        var low = 0
        var high = wide.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wide[2 * middle] {
                high = middle - 1
            } else if value > wide[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether `value` is certainly not an emoji (`Unicode.Scalar.Properties.isEmoji` false),
    /// known without the lookup: from U+0080 to U+203B only © and ® are, and none of the box
    /// drawing, block and braille symbols, nor from U+329A to U+1EFFF
    /// (`DisplayWidthFastPathTests` checks every scalar of these ranges). Below U+0080 the
    /// digits, `#` and `*` are (keycaps), so ASCII is not answered here.
    static func cannotBeEmoji(_ value: UInt32) -> Bool {
        if value >= 0x80 && value < 0x203C { return value != 0xA9 && value != 0xAE }
        if value >= 0x2500 && value < 0x25A0 { return true }
        if value >= 0x2800 && value < 0x2900 { return true }
        return value >= 0x329A && value < 0x1F000
    }

    /// First and last code point of each range, in pairs (a flat array of numbers: a table of
    /// ranges costs a runtime type lookup the first time it is read, at launch).
    static let wide: [UInt32] = [
        0x1100, 0x115F,  // Hangul Choseong
        0x2329, 0x232A,  // angle brackets
        0x2E80, 0x2E99, 0x2E9B, 0x2EF3,  // CJK radicals supplement
        0x2F00, 0x2FD5,  // Kangxi radicals
        0x2FF0, 0x2FFF,  // ideographic description characters
        0x3000, 0x303E,  // ideographic space, CJK symbols and punctuation
        0x3041, 0x3096, 0x3099, 0x30FF,  // Hiragana, Katakana
        0x3105, 0x312F,  // Bopomofo
        0x3131, 0x318E,  // Hangul compatibility Jamo
        0x3190, 0x31E3, 0x31EF, 0x321E,  // Kanbun, Bopomofo extended, CJK strokes
        0x3220, 0x3247, 0x3250, 0x4DBF,  // enclosed CJK, CJK extension A
        0x4E00, 0xA48C,  // CJK unified ideographs, Yi syllables
        0xA490, 0xA4C6,  // Yi radicals
        0xA960, 0xA97C,  // Hangul Jamo extended-A
        0xAC00, 0xD7A3,  // Hangul syllables
        0xF900, 0xFAFF,  // CJK compatibility ideographs
        0xFE10, 0xFE19,  // vertical forms
        0xFE30, 0xFE52, 0xFE54, 0xFE66, 0xFE68, 0xFE6B,  // CJK compatibility, small forms
        0xFF01, 0xFF60,  // fullwidth forms
        0xFFE0, 0xFFE6,  // fullwidth signs
        0x16FE0, 0x16FE4, 0x16FF0, 0x16FF1,  // ideographic symbols
        0x17000, 0x187F7, 0x18800, 0x18CD5, 0x18D00, 0x18D08,  // Tangut, Khitan
        0x1AFF0, 0x1AFF3, 0x1AFF5, 0x1AFFB, 0x1AFFD, 0x1AFFE,  // Kana extended-B
        0x1B000, 0x1B122, 0x1B132, 0x1B132, 0x1B150, 0x1B152, 0x1B155, 0x1B155,  // Kana
        0x1B164, 0x1B167, 0x1B170, 0x1B2FB,  // small Kana, Nushu
        0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF,  // mahjong, playing card
        0x1F18E, 0x1F18E, 0x1F191, 0x1F19A,  // squared letters
        0x1F200, 0x1F202, 0x1F210, 0x1F23B, 0x1F240, 0x1F248,  // enclosed ideographic
        0x1F250, 0x1F251, 0x1F260, 0x1F265,
        0x20000, 0x2FFFD,  // CJK extensions B–F, compatibility supplement
        0x30000, 0x3FFFD,  // CJK extensions G–H
    ]
}
