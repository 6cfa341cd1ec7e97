import EndlessTerminalTesting
import EndlessTesting
import Testing

@testable import EndlessTerminal

/// The comparisons the diff skips unchanged runs with: raw memory first, the cells where the
/// bytes differ. Whatever the run's length, where it starts and how its strings are stored,
/// they find what a cell-by-cell loop finds.
@Suite("Cell comparison")
struct CellComparisonTests {
    /// Long clusters (stored hashed, so equal strings may live apart), wide, narrow, blank.
    static let texts = ["👩‍👩‍👧‍👦", "👩‍🚀", "山", "a", "b", " ", "e\u{301}"]

    /// A long cluster built again at run time: the same string, stored apart.
    static func apart(_ text: String) -> String {
        guard text.count == 1, text.utf8.count > 7 else { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars)
        return String(scalars)
    }

    static func randomRow(_ random: inout SeededRandomNumberGenerator, width: Int) -> [Cell] {
        var frame = ScreenBuffer(size: Size(width: width, height: 1))
        var x = 0
        while x < width {
            let text = texts.randomElement(using: &random) ?? " "
            frame.write(text, at: Point(x: x, y: 0), style: Bool.random(using: &random) ? .plain : .bold)
            x += Int.random(in: 1...3, using: &random)
        }
        return frame.cells
    }

    @Test("first and next differences equal a cell-by-cell search, also in rows at different places")
    func againstNaive() {
        var random = SeededRandomNumberGenerator(seed: 0xC0FFEE)
        for _ in 0..<400 {
            let width = Int.random(in: 1...70, using: &random)
            let old = Self.randomRow(&random, width: width)
            var new = old.map { cell in
                Cell(grapheme: Self.apart(cell.grapheme), style: cell.style, width: cell.width)
            }
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let x = Int.random(in: 0..<width, using: &random)
                new[x] = Cell(grapheme: "z", style: new[x].style, width: 1)
            }
            // The new row sits at a different place in its buffer than the old one: a moved row.
            let padding = Int.random(in: 0...9, using: &random)
            let newBuffer = [Cell](repeating: .blank, count: padding) + new
            let expected = (0..<width).first { new[$0] != old[$0] }
            newBuffer.withUnsafeBufferPointer { newCells in
                old.withUnsafeBufferPointer { oldCells in
                    #expect(CellComparison.firstDifference(newCells, padding, oldCells, 0, count: width) == expected)
                    let start = Int.random(in: 0...width, using: &random)
                    let next = (start..<width).first { new[$0] != old[$0] } ?? width
                    #expect(CellComparison.nextDifference(newCells, row: padding, oldCells, row: 0, from: start, width: width) == next)
                }
            }
        }
    }

    @Test("a changed row whose long clusters are equal strings stored apart writes only the change")
    func storedApartInChangedRow() throws {
        // Hangul syllables spelled in jamo: 18 bytes, too long to pack or to keep inline in
        // a String, and no ink outside the cell (so the row is not repainted for overflow).
        let syllable = "\u{1100}\u{1100}\u{1100}\u{1100}\u{1161}\u{11A8}"
        let size = Size(width: 40, height: 3)
        var old = ScreenBuffer(size: size)
        old.write(String(repeating: syllable, count: 12) + " end", at: Point(x: 0, y: 1))
        var new = ScreenBuffer(size: size)
        new.write(String(repeating: Self.apart(syllable), count: 12) + " enD", at: Point(x: 0, y: 1))
        // Equal cells before the change, and equal bytes: the strings, made apart, are
        // numbered once (`LongGraphemes`), so memory alone decides.
        #expect(Array(new.cells[40..<64]) == Array(old.cells[40..<64]))
        let sameBytes = new.cells[40..<64].withUnsafeBytes { a in old.cells[40..<64].withUnsafeBytes { b in a.elementsEqual(b) } }
        try #require(sameBytes)
        var terminal = InMemoryTerminal(size: size)
        terminal.render(old)
        terminal.render(old)
        let output = String(decoding: terminal.render(new), as: UTF8.self)
        #expect(terminal.shows(new))
        #expect(output == "\u{1B}[?2026h\u{8}D\u{1B}[?2026l", "\(output.debugDescription)")
    }
}
