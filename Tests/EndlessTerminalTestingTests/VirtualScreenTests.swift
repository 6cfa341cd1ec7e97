import EndlessTerminal
import Testing

@testable import EndlessTerminalTesting

@Suite("Virtual screen")
struct VirtualScreenTests {
    /// Every wide cell is followed by its right half, and every right half follows one.
    func wideCharactersAreWhole(_ screen: VirtualScreen) -> Bool {
        let width = screen.size.width
        for (index, cell) in screen.cells.enumerated() {
            let x = index % width
            if cell.width == 2, x + 1 >= width || !screen.cells[index + 1].isContinuation { return false }
            if cell.isContinuation, x == 0 || screen.cells[index - 1].width != 2 { return false }
        }
        return true
    }

    @Test("a scroll region moves rows of wide characters whole, up and down")
    func scrollMovesWideCharacters() {
        var screen = VirtualScreen(size: Size(width: 6, height: 4))
        screen.write(Array("top\u{1B}[2;4r\u{1B}[2;1Ha漢字b\u{1B}[3;1H漢字ab\u{1B}[4;1Hx字y".utf8))
        #expect(screen.lines == ["top   ", "a漢字b", "漢字ab", "x字y  "])

        screen.write(Array("\u{1B}[4;1H\n".utf8))  // a line feed on the region's last row
        #expect(screen.lines == ["top   ", "漢字ab", "x字y  ", "      "])
        #expect(wideCharactersAreWhole(screen))

        screen.write(Array("\u{1B}[2;1H\u{1B}M\u{1B}M".utf8))  // reverse index twice on its first row
        #expect(screen.lines == ["top   ", "      ", "      ", "漢字ab"])
        #expect(wideCharactersAreWhole(screen))
    }

    @Test("scrolled-in rows take the current background")
    func scrolledInRowsTakeTheBackground() {
        var screen = VirtualScreen(size: Size(width: 3, height: 2))
        screen.write(Array("abc\u{1B}[2;1Hdef\u{1B}[44m\n".utf8))
        #expect(screen.lines == ["def", "   "])
        #expect(screen[0, 1] == .blank(Style(background: .ansi(4))))
    }
}
