import Testing

@testable import EndlessTerminal

/// Issue 29: a cluster's key skips the emoji lookup for scalars that cannot be emoji, and a
/// simple scalar's key is made from its bytes; both keys must be the ones the lookups make.
@Suite("Grapheme key emoji")
struct GraphemeKeyEmojiTests {
    @Test("a narrow cluster's width is uncertain exactly when its first scalar is an emoji past ASCII")
    func uncertainWidth() {
        var checked = 0
        for value in UInt32(0x80)..<0x3400 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let key = GraphemeKey(String(scalar), width: 1)
            #expect(key.hasUncertainWidth == scalar.properties.isEmoji, "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 10_000)
        #expect(GraphemeKey("©", width: 1).hasUncertainWidth)
        #expect(GraphemeKey("☺", width: 1).hasUncertainWidth)
        #expect(GraphemeKey("❤\u{FE0E}", width: 1).hasUncertainWidth)
        #expect(!GraphemeKey("é", width: 1).hasUncertainWidth)
        #expect(!GraphemeKey("e\u{301}", width: 1).hasUncertainWidth)
        #expect(!GraphemeKey("1", width: 1).hasUncertainWidth)  // ASCII: never uncertain
    }

    @Test("a wide cluster's width is uncertain when it is wide as an emoji, not as CJK")
    func wide() {
        #expect(GraphemeKey("😀", width: 2).hasUncertainWidth)
        #expect(GraphemeKey("❤\u{FE0F}", width: 2).hasUncertainWidth)
        #expect(!GraphemeKey("山", width: 2).hasUncertainWidth)
    }

    @Test("a simple scalar's key from its bytes is the key of its string")
    func simpleKeys() {
        var checked = 0
        for value in UInt32(0)..<0x3000 where DisplayWidth.simpleWidth(value) == 1 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array(String(scalar).utf8)
            let key = bytes.withUnsafeBufferPointer { GraphemeKey(simple: value, bytes: $0, at: 0, count: $0.count) }
            #expect(key == GraphemeKey(String(scalar), width: 1), "U+\(String(value, radix: 16))")
            checked += 1
        }
        #expect(checked > 1_500)
        // At an offset into a longer text.
        let text = Array("aשb".utf8)
        let key = text.withUnsafeBufferPointer { GraphemeKey(simple: 0x5E9, bytes: $0, at: 1, count: 2) }
        #expect(key == GraphemeKey("ש", width: 1))
        #expect(key.mayOverflow)
    }
}
