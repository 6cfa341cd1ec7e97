import EndlessTerminal
import Testing

@testable import EndlessTerminalTesting

@Suite("A cell's look")
struct CellLookTests {
    @Test("a blank's look is its background unless reverse or underline show")
    func blankLook() {
        let background = Color.indexed(238)
        #expect(Cell.blank(Style(foreground: .ansi(1), background: background, attributes: .bold)).look == .blank(Style(background: background)))
        let reversed = Cell.blank(Style(foreground: .ansi(1), attributes: .reverse))
        #expect(reversed.look == reversed)
        let underlined = Cell.blank(Style(attributes: .underline))
        #expect(underlined.look == underlined)
        #expect(Cell("x", style: .bold).look == Cell("x", style: .bold))
    }
}
