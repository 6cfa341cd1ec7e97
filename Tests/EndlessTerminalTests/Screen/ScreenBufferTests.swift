import Testing

@testable import EndlessTerminal

@Suite("Screen buffer")
struct ScreenBufferTests {
    @Test("text is clipped at the right edge and to a maximum width")
    func clipping() {
        var buffer = ScreenBuffer(size: Size(width: 8, height: 2))
        #expect(buffer.write("Hello, world", at: Point(x: 2, y: 0)) == 6)
        #expect(buffer.lines[0] == "  Hello,")
        buffer.write("abcdef", at: Point(x: 0, y: 1), maxWidth: 3)
        #expect(buffer.lines[1] == "abc     ")
        buffer.write("xyz", at: Point(x: -2, y: 1))
        #expect(buffer.lines[1] == "zbc     ")
        #expect(buffer.write("nothing", at: Point(x: 0, y: 5)) == 0)
    }

    @Test("a wide character that does not fit the last column becomes a space")
    func wideAtEdge() {
        var buffer = ScreenBuffer(size: Size(width: 5, height: 1))
        buffer.write("ab山田", at: .zero)
        #expect(buffer.lines[0] == "ab山 ")
        #expect(buffer[2, 0].width == 2)
        #expect(buffer[3, 0].isContinuation)
        #expect(buffer[4, 0] == .blank)
    }

    @Test("overwriting half of a wide character blanks the other half")
    func wideOverwrite() {
        var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
        buffer.write("山田太", at: .zero)
        buffer.write("x", at: Point(x: 1, y: 0))  // right half of 山
        #expect(buffer.lines[0] == " x田太")
        buffer.write("y", at: Point(x: 2, y: 0))  // left half of 田
        #expect(buffer.lines[0] == " xy 太")
        buffer.write("😀", at: Point(x: 3, y: 0))  // over the space and the left half of 太
        #expect(buffer.lines[0] == " xy😀 ")
        #expect(buffer[4, 0].isContinuation && buffer[5, 0] == .blank)
    }

    @Test("a wide character straddling column 0 on the left leaves a space")
    func wideClippedLeft() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        buffer.write("山田", at: Point(x: -1, y: 0))
        #expect(buffer.lines[0] == " 田 ")
    }

    @Test("controls never reach a cell")
    func controls() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        buffer.write("a\u{1B}[2Jb\u{7}c\r\nd\u{9B}e", at: .zero)
        #expect(buffer.lines[0] == "a[2Jbcde  ")
        #expect(buffer.cells.allSatisfy { cell in cell.grapheme.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
        #expect(Cell("\u{1B}").grapheme == " ")
    }

    @Test("ellipsis truncation when text does not fit")
    func ellipsis() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        buffer.write("Aada Lehtonen", at: Point(x: 1, y: 0), maxWidth: 8, ellipsis: true)
        #expect(buffer.lines[0] == " Aada Le… ")
    }

    @Test("fill, restyle and clear")
    func fillAndRestyle() {
        var buffer = ScreenBuffer(size: Size(width: 4, height: 3))
        buffer.fill(Rect(x: 1, y: 1, width: 10, height: 1), with: "#", style: .bold)
        #expect(buffer.lines == ["    ", " ###", "    "])
        buffer.restyle(Rect(x: 0, y: 1, width: 2, height: 1)) { $0.background = .red }
        #expect(buffer[0, 1].style.background == .red && buffer[1, 1].style == Style(background: .red, attributes: .bold))
        buffer.clear()
        #expect(buffer == ScreenBuffer(size: Size(width: 4, height: 3)))
    }

    @Test("resizing crops or pads from the top-left and keeps wide characters whole")
    func resized() {
        var buffer = ScreenBuffer(size: Size(width: 6, height: 2))
        buffer.write("ab山田", at: .zero)
        buffer.write("zz", at: Point(x: 0, y: 1))
        #expect(buffer.resized(to: Size(width: 5, height: 1)).lines == ["ab山 "])
        #expect(buffer.resized(to: Size(width: 7, height: 3)).lines == ["ab山田 ", "zz     ", "       "])
        #expect(buffer.resized(to: buffer.size) == buffer)
    }

    @Test("placing a graphic blanks its cells and replaces overlapping graphics")
    func graphics() {
        var buffer = ScreenBuffer(size: Size(width: 10, height: 4))
        buffer.write("xxxxxxxxxx", at: Point(x: 0, y: 1))
        let first = TerminalGraphic(kind: .sixel, escape: Array("\u{1B}Pq#1\u{1B}\\".utf8), size: Size(width: 3, height: 2))
        let second = TerminalGraphic(kind: .kitty, escape: Array("\u{1B}_Ga=T\u{1B}\\".utf8), size: Size(width: 3, height: 2))
        buffer.place(first, in: Rect(x: 1, y: 1, width: 3, height: 2))
        #expect(buffer.lines[1] == "x   xxxxxx")
        buffer.place(second, in: Rect(x: 2, y: 0, width: 3, height: 2))
        #expect(buffer.graphics.map(\.graphic) == [second])
        buffer.place(first, in: Rect(x: 8, y: 3, width: 3, height: 2))
        #expect(buffer.graphics.last?.rect == Rect(x: 8, y: 3, width: 2, height: 1))
    }
}
