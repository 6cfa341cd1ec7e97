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

    @Test("a cell is 24 bytes, its width comes from its key, and its cluster survives packing")
    func layoutAndWidth() {
        #expect(MemoryLayout<Cell>.stride == 24)
        for text in ["a", "Zoë", "山", "e\u{301}", "👩‍🚀", "👩‍👩‍👧‍👦", "\u{1100}\u{1100}\u{1100}\u{1100}\u{1161}\u{11A8}", "فاطمه"] {
            for character in text { #expect(Cell(character).grapheme == String(character), "\(text)") }
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
}
