import EndlessTesting
import Testing

@testable import EndlessTerminal

@Suite("Cells")
struct CellTests {
    @Test("a style survives packing: every color kind, every attribute")
    func packedStyleRoundTrip() {
        var random = SeededRandomNumberGenerator(seed: 0xCE11)
        let fixed: [Style] = [
            .plain, .bold, .reverse, Style(foreground: .ansi(15), background: .indexed(0)),
            Style(foreground: .rgb(255, 0, 128), background: .rgb(0, 0, 0), attributes: TextAttributes(rawValue: 31)),
        ]
        for style in fixed + (0..<500).map({ _ in RendererPropertyTests.randomStyle(&random) }) {
            #expect(Style(packed: style.packed) == style)
            let cell = Cell("a", style: style)
            #expect(cell.style == style)
            #expect(cell.style.foreground == style.foreground && cell.style.background == style.background)
            #expect(cell.style.attributes == style.attributes)
        }
    }

    @Test("a cell is 16 bytes of plain memory, its width comes from its key, and its cluster survives packing")
    func layoutAndWidth() {
        #expect(MemoryLayout<Cell>.stride == 16)
        #expect(_isPOD(Cell.self))
        for text in ["a", "Zoë", "山", "e\u{301}", "👩‍🚀", "👩‍👩‍👧‍👦", "\u{1100}\u{1100}\u{1100}\u{1100}\u{1161}\u{11A8}", "فاطمه"] {
            for character in text {
                #expect(Cell(character).grapheme == String(character), "\(text)")
                // Its bytes as written to the terminal, packed or (false) to be written from the text.
                var bytes: [UInt8] = [0x21]
                if Cell(character).key.appendBytes(to: &bytes) {
                    #expect(bytes == [0x21] + Array(String(character).utf8), "\(text)")
                } else {
                    #expect(bytes == [0x21] && Cell(character).key.isLong, "\(text)")
                }
            }
        }
        #expect(Cell.continuation(.plain).grapheme == "")
        #expect(Cell("a").width == 1)
        #expect(Cell("山").width == 2)
        #expect(Cell("👩‍👩‍👧‍👦").width == 2)
        #expect(Cell.continuation(.plain).width == 0)
        #expect(Cell.continuation(.plain).isContinuation)
        var restyled = Cell("山")
        restyled.style = .bold
        #expect(restyled.width == 2 && restyled.style == .bold)
    }

    @Test("long clusters are numbered once: equal clusters share a number, and equal cells a key")
    func longClustersShareANumber() {
        let family = "👩‍👩‍👧‍👦"
        let built = ["👩‍👩", "‍👧‍👦"].joined()
        #expect(Cell(Character(family)).key == Cell(Character(built)).key)
        #expect(Cell(Character(family)).key.isLong)
        #expect(Cell(Character(family)).key != Cell(Character("👩‍🚀")).key)
        #expect(Cell(Character("👩‍🚀")).grapheme == "👩‍🚀")
        let table = LongGraphemes(capacity: 8)
        #expect(table.number(of: family) == 0)
        #expect(table.number(of: "👩‍🚀") == 1)
        #expect(table.number(of: built) == 0)
        #expect(table.count == 2)
    }

    @Test("a full table of long clusters grows no more: a new cluster is a replacement character of its width")
    func fullTableReplaces() {
        let table = LongGraphemes(capacity: 3)
        // Stacked marks make as many distinct long clusters as wanted, as hostile text could.
        let clusters = (0..<10).map { "a" + String(repeating: "\u{301}", count: 4 + $0) }
        let keys = clusters.map { GraphemeKey($0, width: 1, longGraphemes: table) }
        #expect(table.count == 3)
        #expect(keys.prefix(3).allSatisfy { $0.isLong })
        #expect(keys.dropFirst(3).allSatisfy { $0 == GraphemeKey.replacement(width: 1) })
        #expect(GraphemeKey.replacement(width: 1).text == "\u{FFFD}")
        #expect(GraphemeKey.replacement(width: 2).text == "\u{3013}")
        #expect(GraphemeKey.replacement(width: 2).width == 2 && GraphemeKey.replacement(width: 1).width == 1)
        // A cluster kept before the table filled keeps its number.
        #expect(GraphemeKey(clusters[1], width: 1, longGraphemes: table) == keys[1])
    }
}
