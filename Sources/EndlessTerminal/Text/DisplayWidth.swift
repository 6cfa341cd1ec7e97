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
        guard let second = iterator.next() else {
            // A lone scalar: printable ASCII and the letters of most names are answered
            // without the Unicode property lookups below, which were a visible share of a frame.
            let simple = simpleWidth(value)
            if simple >= 0 { return simple }
            return isRegionalIndicator(value) ? min(1, scalarWidth(first)) : scalarWidth(first)
        }
        var width = scalarWidth(first)
        if width == 0 { return 0 }
        // Digits, # and * are emoji too (keycaps); most scalars cannot be, and skip the lookup.
        let isEmojiBase = !DisplayWidthTables.cannotBeEmoji(value) && first.properties.isEmoji
        var regionalIndicators = 0
        if isRegionalIndicator(value) {
            regionalIndicators = 1
            width = 1  // a lone regional indicator is a letter-like symbol
        }
        var pending: Unicode.Scalar? = second
        while let scalar = pending {
            pending = iterator.next()
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
    @inlinable
    public static func of(_ text: some StringProtocol) -> Int {
        of(string: String(text))
    }

    /// The concrete path: the generic entry, inlined into the caller, converts once (nothing
    /// to do for a `String`) and lands here.
    @usableFromInline
    static func of(string text: String) -> Int {
        of(string: text, stoppingPast: .max)
    }

    /// The columns `text` occupies, or, once that is known to exceed `limit`, some number
    /// greater than `limit`: how a caller that only draws what fits measures a long text.
    static func of(string text: String, stoppingPast limit: Int) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        var total = 0
        TextClusters.forEach(in: text) { cluster in
            total += cluster.width
            return total <= limit
        }
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

    /// The width of `value` when it is a *simple* scalar, else -1.
    ///
    /// A simple scalar is always a grapheme cluster of its own (no grapheme rule joins it to a
    /// neighbour: it is neither a mark, a joiner, a prepended sign, a control other than the
    /// soft hyphen, a Hangul jamo nor a regional indicator), cannot be an emoji other than © and
    /// ®, and is narrow: printable ASCII, Latin-1 and Latin Extended, Greek, Cyrillic and
    /// Armenian, the letters of Hebrew and Arabic (Persian's included), Vietnamese's Latin
    /// Extended Additional, the common punctuation from the hyphen to the ellipsis, and the box
    /// drawing, block and braille symbols the app draws bars, pictures and charts with. These
    /// are the letters of nearly every name a feed shows; their widths come from ranges, without
    /// the Unicode property lookups of the general path (`DisplayWidthFastPathTests` checks that
    /// the two agree on every scalar). The soft hyphen measures 0; every other one 1.
    @inline(__always)
    static func simpleWidth(_ value: UInt32) -> Int {
        if value < 0x7F { return value >= 0x20 ? 1 : -1 }
        if value < 0xA0 { return -1 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
        return isSimpleAbove0x300(value) ? 1 : -1
    }

    /// The simple scalars from U+0300 on (see ``simpleWidth(_:)``), all one column wide.
    static func isSimpleAbove0x300(_ value: UInt32) -> Bool {
        switch value {
        case 0x370...0x482: return true  // Greek, Cyrillic (its combining marks follow)
        case 0x48A...0x58F: return true  // Cyrillic Supplement, Armenian (Hebrew marks follow)
        case 0x5D0...0x5F4: return true  // Hebrew letters and punctuation
        case 0x620...0x64A, 0x660...0x66F, 0x671...0x6D3, 0x6D5: return true  // Arabic letters, digits
        case 0x6EE...0x6FF: return true  // Arabic letters, Persian digits
        case 0x1E00...0x1EFF: return true  // Latin Extended Additional
        case 0x2010...0x2027: return true  // dashes, quotes, bullets, the ellipsis
        case 0x2500...0x259F: return true  // box drawing and block elements: bars, frames, pictures
        case 0x2800...0x28FF: return true  // braille patterns: spinners, charts
        default: return false
        }
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }
}
