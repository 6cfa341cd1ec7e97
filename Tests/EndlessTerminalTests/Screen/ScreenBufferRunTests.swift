import Testing

@testable import EndlessTerminal

/// Runs of cells cut out of one frame and copied into another a line at a time: the copy
/// leaves the frame as a `set` per cell would, and never half a wide character.
@Suite("Screen buffer runs")
struct ScreenBufferRunTests {
    /// Every wide character's left half is followed by its right half, and every right half
    /// follows a left half.
    static func wholeCharacters(_ frame: ScreenBuffer) -> Bool {
        for y in 0..<frame.size.height {
            for x in 0..<frame.size.width {
                let cell = frame[x, y]
                if cell.width == 2, x + 1 >= frame.size.width || !frame[x + 1, y].isContinuation { return false }
                if cell.isContinuation, x == 0 || frame[x - 1, y].width != 2 { return false }
            }
        }
        return true
    }

    /// `run` put into `frame` at `point` with a `set` per cell, as rows were put back before.
    static func setPerCell(_ run: CellRun, into frame: ScreenBuffer, at point: Point) -> ScreenBuffer {
        var frame = frame
        for (offset, cell) in run.cells.enumerated() { frame.set(cell, at: Point(x: point.x + offset, y: point.y)) }
        return frame
    }

    @Test(
        "the inked columns of a line run from the first cell drawn to the last: styled blanks count, plain ones and a wide character's right half do not"
    )
    func inkedColumns() {
        var frame = ScreenBuffer(size: Size(width: 12, height: 4))
        frame.write("ab  c", at: Point(x: 2, y: 0))
        frame.fill(Rect(x: 3, y: 1, width: 2, height: 1), style: Style(background: .indexed(4)))
        frame.write("山", at: Point(x: 6, y: 2))
        #expect(frame.inkedColumns(inLine: 0, columns: 0..<12) == 2..<7)
        #expect(frame.inkedColumns(inLine: 0, columns: 3..<6) == 3..<4, "within the columns asked")
        #expect(frame.inkedColumns(inLine: 1, columns: 0..<12) == 3..<5)
        #expect(frame.inkedColumns(inLine: 2, columns: 0..<12) == 6..<7)
        #expect(frame.inkedColumns(inLine: 2, columns: 7..<12) == nil, "a right half alone")
        #expect(frame.inkedColumns(inLine: 3, columns: 0..<12) == nil)
        #expect(frame.inkedColumns(inLine: 4, columns: 0..<12) == nil)
        #expect(frame.inkedColumns(inLine: 0, columns: -5..<20) == 2..<7, "clipped to the buffer")
    }

    @Test("a cut is widened where its columns would cut a wide character in half")
    func cutWholeCharacters() {
        var source = ScreenBuffer(size: Size(width: 10, height: 2))
        source.write("a山bc田d", at: .zero)  // 山 at 1–2, 田 at 5–6
        // Columns 2..<6 start on 山's right half and end on 田's left half.
        let run = source.run(inLine: 0, columns: 2..<6)
        #expect(run.width == 6)
        #expect(run.cells.map(\.grapheme).joined() == "山bc田")
        #expect(run.cells.first?.width == 2 && run.cells.last?.isContinuation == true)
        #expect(source.run(inLine: 0, columns: 0..<1).cells.map(\.grapheme) == ["a"])
        // Clipped to the buffer; nothing outside it.
        #expect(source.run(inLine: 0, columns: -3..<2).width == 3)
        #expect(source.run(inLine: 0, columns: 8..<20).width == 2)
        #expect(source.run(inLine: 2, columns: 0..<4).width == 0)
        #expect(source.run(inLine: 1, columns: 4..<4).width == 0)
    }

    @Test("a run with wide characters at its edges, copied over wide characters cut by its edges, leaves whole characters, as a set per cell does")
    func copyOverWideCharacters() {
        var source = ScreenBuffer(size: Size(width: 12, height: 1))
        source.write("山xy田", at: Point(x: 2, y: 0))  // 山 at 2–3, 田 at 6–7
        let run = source.run(inLine: 0, columns: 2..<8)
        #expect(run.cells.first?.width == 2 && run.cells.last?.isContinuation == true)
        for x in 0...6 {
            // Under the run: wide characters across both its edges, wherever it lands.
            var frame = ScreenBuffer(size: Size(width: 12, height: 2))
            frame.write("😀😀😀😀😀😀", at: .zero, style: Style(foreground: .indexed(3)))
            frame.write("z山山山山z", at: Point(x: 0, y: 1))
            var copied = frame
            copied.copy(run, to: Point(x: x, y: 0))
            copied.copy(run, to: Point(x: x, y: 1))
            #expect(Self.wholeCharacters(copied), "at \(x): \(copied.lines)")
            let expected = Self.setPerCell(run, into: Self.setPerCell(run, into: frame, at: Point(x: x, y: 0)), at: Point(x: x, y: 1))
            #expect(copied == expected, "at \(x): \(copied.lines) against \(expected.lines)")
        }
    }

    @Test("clusters too long to pack copy over packed ones and over each other, as a set per cell does")
    func longClusters() {
        let family = "👨‍👩‍👧‍👦"  // a cluster of 25 bytes: kept as a string, not in the cell's key
        var source = ScreenBuffer(size: Size(width: 10, height: 1))
        source.write("a\(family)b\(family)", at: .zero, style: Style(foreground: .indexed(1)))
        let run = source.run(inLine: 0, columns: 0..<6)
        #expect(run.cells.filter { $0.grapheme == family }.count == 2)
        var frame = ScreenBuffer(size: Size(width: 10, height: 2))
        frame.write("\(family)xy\(family)z", at: .zero)
        frame.write("plain text", at: Point(x: 0, y: 1))
        let expected = Self.setPerCell(run, into: Self.setPerCell(run, into: frame, at: Point(x: 1, y: 0)), at: Point(x: 2, y: 1))
        frame.copy(run, to: Point(x: 1, y: 0))
        frame.copy(run, to: Point(x: 2, y: 1))
        #expect(frame == expected, "\(frame.lines) against \(expected.lines)")
        #expect(frame.lines[0].contains("a\(family)b\(family)") && frame.lines[1].contains("a\(family)b\(family)"))
        #expect(Self.wholeCharacters(frame))
    }

    @Test("a run that does not fit the line is clipped, and a wide character across the edge left out")
    func copyClipped() {
        var source = ScreenBuffer(size: Size(width: 6, height: 1))
        source.write("ab山c", at: .zero)
        let run = source.run(inLine: 0, columns: 0..<5)
        var frame = ScreenBuffer(size: Size(width: 4, height: 2))
        frame.copy(run, to: Point(x: 1, y: 0))
        #expect(frame.lines[0] == " ab ")
        #expect(Self.wholeCharacters(frame))
        frame.copy(run, to: Point(x: -1, y: 1))
        #expect(frame.lines[1] == "b山c")
        frame.copy(run, to: Point(x: 0, y: 2))  // below the frame: nothing
        #expect(frame.lines == [" ab ", "b山c"])
    }

    @Test("a run copied over a graphic removes it, as drawing a cell there does")
    func copyRemovesGraphics() {
        var source = ScreenBuffer(size: Size(width: 4, height: 1))
        source.write("abcd", at: .zero)
        let run = source.run(inLine: 0, columns: 0..<2)
        let graphic = TerminalGraphic(kind: .sixel, escape: Array("\u{1B}Pq#1\u{1B}\\".utf8), size: Size(width: 3, height: 2))
        var frame = ScreenBuffer(size: Size(width: 10, height: 4))
        frame.place(graphic, in: Rect(x: 5, y: 1, width: 3, height: 2))
        frame.copy(run, to: Point(x: 0, y: 1))
        #expect(frame.graphics.count == 1)  // beside it: kept
        frame.copy(run, to: Point(x: 4, y: 2))
        #expect(frame.graphics.isEmpty)
        #expect(frame.lines[2] == "    ab    ")
    }
}
