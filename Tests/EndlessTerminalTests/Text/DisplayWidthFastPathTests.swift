import Testing

@testable import EndlessTerminal

/// Issue 29: the scalars of most names are measured from ranges (``DisplayWidth/simpleWidth(_:)``)
/// and written without grapheme segmentation (``TextClusters``); each must measure as the
/// general path measures it, be a grapheme cluster of its own, and not be an emoji.
@Suite("Display width fast path")
struct DisplayWidthFastPathTests {
    /// The general path's width of a lone scalar, from its Unicode properties.
    static func propertyWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .surrogate, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return DisplayWidthTables.isWide(value) || scalar.properties.isEmojiPresentation ? 2 : 1
    }

    /// Every scalar the fast path answers, and its neighbours just outside.
    static let candidates = Array(UInt32(0)..<0x2100) + Array(UInt32(0x2100)..<0x3100) + [0x1F1E6, 0x1F600, 0xFEFF, 0x1F3FB]

    @Test("every simple scalar measures as its Unicode properties say, alone and in a string")
    func widths() throws {
        var checked = 0
        for value in Self.candidates {
            let width = DisplayWidth.simpleWidth(value)
            guard width >= 0, let scalar = Unicode.Scalar(value) else { continue }
            let hex = "U+\(String(value, radix: 16))"
            #expect(width == Self.propertyWidth(scalar), "\(hex)")
            #expect(width == DisplayWidth.scalarWidth(scalar), "\(hex)")
            #expect(DisplayWidth.of(Character(scalar)) == width, "\(hex)")
            #expect(DisplayWidth.of("a\(scalar)b") == width + 2, "\(hex)")
            checked += 1
        }
        #expect(checked > 1_500)
    }

    @Test("every simple scalar is a grapheme cluster of its own and no emoji but © and ®")
    func ownClusters() {
        for value in Self.candidates where DisplayWidth.simpleWidth(value) >= 0 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let hex = "U+\(String(value, radix: 16))"
            // Nothing joins it to a letter on either side, nor to itself (as regional
            // indicators or Hangul jamo would).
            #expect("x\(scalar)x".count == 3, "\(hex)")
            #expect("\(scalar)\(scalar)".count == 2, "\(hex)")
            if value >= 0x80 { #expect(scalar.properties.isEmoji == (value == 0xA9 || value == 0xAE), "\(hex)") }
        }
    }

    @Test(
        "scalars just outside the ranges are left to the general path",
        arguments: [
            0x1F, 0x7F, 0x9F, 0x300, 0x36F, 0x483, 0x489, 0x590, 0x5BF, 0x600, 0x61C, 0x64B, 0x670, 0x6D4, 0x6D6, 0x6ED,
            0x1100, 0x1DFF, 0x200B, 0x200D, 0x2028, 0x202E, 0x2060, 0x3000, 0x1F1E6, 0xFEFF,
        ] as [UInt32])
    func edges(_ value: UInt32) {
        #expect(DisplayWidth.simpleWidth(value) == -1)
    }

    @Test("no scalar said not to be an emoji is one")
    func cannotBeEmoji() {
        var checked = 0
        for value in UInt32(0)..<0x1F100 where DisplayWidthTables.cannotBeEmoji(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!scalar.properties.isEmoji, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 100_000)
        #expect(!DisplayWidthTables.cannotBeEmoji(0x23))  // #, a keycap's base
        #expect(!DisplayWidthTables.cannotBeEmoji(0xA9))  // ©
        #expect(!DisplayWidthTables.cannotBeEmoji(0x203C))  // ‼
        #expect(!DisplayWidthTables.cannotBeEmoji(0x1F600))
    }

    @Test(
        "clusters that mix simple scalars with others measure as whole clusters",
        arguments: [
            ("e\u{301}", 1), ("ab\u{301}c", 3), ("\u{600}1", 0), ("سلام", 4), ("سَلام", 4), ("שָׁלוֹם", 4), ("a\u{200D}b", 2),
            ("Ĳ…", 2), ("·\u{FE0F}", 1), ("©\u{FE0F}", 2), ("1\u{FE0F}\u{20E3}", 2), ("a🇫🇷b", 4), ("\u{AD}x", 1),
            ("Zoë 山田", 8), ("\r\nx", 1),
        ] as [(String, Int)])
    func mixed(_ sample: (String, Int)) {
        let general = sample.0.reduce(0) { $0 + DisplayWidth.of($1) }
        #expect(DisplayWidth.of(sample.0) == sample.1)
        #expect(general == sample.1)
    }
}
