import EndlessTesting
import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// The hashing pass and the diffs that start at a row's first changed column: the same
/// screen as a full redraw, whatever the change and wherever it starts.
@Suite("Row hashes and diffs from the first change")
struct RowHashesTests {
    /// Long clusters (stored hashed, compared by string), a wide character, accents, Persian.
    static let texts = ["👩‍👩‍👧‍👦", "👩‍🚀", "山田", "e\u{301}", "فاطمه", "Zoë", "ab", "▌", " "]

    static func randomPair(_ random: inout SeededRandomNumberGenerator, size: Size) -> (ScreenBuffer, ScreenBuffer) {
        var old = ScreenBuffer(size: size)
        for y in 0..<size.height where Bool.random(using: &random) {
            let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in texts.randomElement(using: &random) ?? "" }.joined()
            old.write(text, at: Point(x: Int.random(in: 0..<size.width, using: &random), y: y), style: RendererPropertyTests.randomStyle(&random))
        }
        var new = old
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let point = Point(x: Int.random(in: 0..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                new.write(texts.randomElement(using: &random) ?? "", at: point, style: RendererPropertyTests.randomStyle(&random))
            case 1:
                // Only the style changes: the span must start with the right pen.
                let color = RendererPropertyTests.randomColor(&random)
                new.restyle(Rect(x: point.x, y: point.y, width: Int.random(in: 1...8, using: &random), height: 1)) { $0.foreground = color }
            case 2:
                new.fill(
                    Rect(x: point.x, y: point.y, width: Int.random(in: 1...size.width, using: &random), height: 1),
                    style: RendererPropertyTests.randomStyle(&random))
            default:
                new.set(Cell("山", style: RendererPropertyTests.randomStyle(&random)), at: point)
            }
        }
        return (old, new)
    }

    @Test("the first changed column of each row, and hashes carried over equal hashes computed afresh")
    func firstChangeAndCarriedHashes() throws {
        var random = SeededRandomNumberGenerator(seed: 0x5BA9)
        let size = Size(width: 23, height: 7)
        for _ in 0..<300 {
            let (old, new) = Self.randomPair(&random, size: size)
            let oldRows = RowHashes(old)
            let rows = RowHashes(new, comparedWith: old, oldRows: oldRows)
            let fresh = RowHashes(new)
            #expect(rows.hashes == fresh.hashes)
            #expect(rows.overflows == fresh.overflows)
            #expect(fresh.firstChange.allSatisfy { $0 == 0 })
            for y in 0..<size.height {
                let expected = (0..<size.width).first { new[$0, y] != old[$0, y] } ?? size.width
                #expect(rows.firstChange[y] == expected, "row \(y)")
                #expect(rows.unchanged(y) == (expected == size.width))
            }
        }
    }

    @Test("hashes written into the arrays of an earlier frame, of any size, are the hashes made afresh")
    func rehashedIntoUsedArrays() {
        var random = SeededRandomNumberGenerator(seed: 0x2E05)
        var reused = RowHashes()
        for round in 0..<200 {
            // The same size for a while, as a session's frames are, then another.
            let size = Size(width: 11 + round / 40 * 7, height: 3 + (round / 50) * 4)
            let (old, new) = Self.randomPair(&random, size: size)
            let oldRows = RowHashes(old)
            let likely = Int.random(in: -2...2, using: &random)
            let kept = reused.cellHashes.count == size.height ? reused.cellHashes.withUnsafeBufferPointer(\.baseAddress) : nil
            reused.rehash(new, comparedWith: round.isMultiple(of: 7) ? nil : old, oldRows: oldRows, likelyShift: likely)
            let fresh = RowHashes(new, comparedWith: round.isMultiple(of: 7) ? nil : old, oldRows: oldRows, likelyShift: likely)
            #expect(reused.hashes == fresh.hashes, "round \(round)")
            #expect(reused.cellHashes == fresh.cellHashes, "round \(round)")
            #expect(reused.overflows == fresh.overflows, "round \(round)")
            #expect(reused.firstChange == fresh.firstChange, "round \(round)")
            #expect(reused.equalsShifted == fresh.equalsShifted, "round \(round)")
            #expect(reused.shift == fresh.shift && reused.width == fresh.width, "round \(round)")
            #expect(reused.hashes.count == size.height)
            // Written in place while the height stays.
            if let kept { #expect(reused.cellHashes.withUnsafeBufferPointer(\.baseAddress) == kept, "round \(round)") }
        }
    }

    @Test("rows carried from the last frame's shift hash as rows hashed afresh, whatever the shift was, and copy only rows equal to theirs")
    func shiftedRowsCarryTheirHashes() {
        var random = SeededRandomNumberGenerator(seed: 0x5417)
        let size = Size(width: 19, height: 9)
        for _ in 0..<200 {
            let (old, changed) = Self.randomPair(&random, size: size)
            // The changed frame scrolled by `shift` rows, new rows entering blank, then
            // hashed with the right shift, a wrong one, and one past the screen.
            let shift = Int.random(in: -3...3, using: &random)
            var new = ScreenBuffer(size: size)
            for y in 0..<size.height where y + shift >= 0 && y + shift < size.height {
                for x in 0..<size.width { new.cells[y * size.width + x] = changed.cells[(y + shift) * size.width + x] }
            }
            let fresh = RowHashes(new)
            for likely in [shift, shift + 1, -shift, size.height, -size.height] {
                let rows = RowHashes(new, comparedWith: old, oldRows: RowHashes(old), likelyShift: likely)
                #expect(rows.hashes == fresh.hashes, "shift \(shift), likely \(likely)")
                #expect(rows.overflows == fresh.overflows, "shift \(shift), likely \(likely)")
                // A row said to copy an old one equals it cell for cell; a changed row that
                // equals the old row `likely` away is said to copy it, and no other row is.
                for y in 0..<size.height {
                    for source in 0..<size.height where rows.copies(y, from: source) {
                        #expect(source == y + likely && (0..<size.width).allSatisfy { new[$0, y] == old[$0, source] }, "row \(y)")
                    }
                    let source = y + likely
                    if likely != 0, source >= 0, source < size.height, !rows.unchanged(y),
                        (0..<size.width).allSatisfy({ new[$0, y] == old[$0, source] })
                    {
                        #expect(rows.copies(y, from: source), "row \(y), likely \(likely)")
                    }
                }
            }
        }
    }

    @Test("a long cluster built again is an unchanged cell: equal strings stored apart")
    func longClusterStoredApart() {
        let size = Size(width: 12, height: 2)
        var old = ScreenBuffer(size: size)
        old.write("👩‍👩‍👧‍👦 x", at: Point(x: 2, y: 1))
        var new = ScreenBuffer(size: size)
        new.write(["👩‍👩", "‍👧‍👦 x"].joined(), at: Point(x: 2, y: 1))
        let rows = RowHashes(new, comparedWith: old, oldRows: RowHashes(old))
        #expect(rows.unchanged(1))
        var renderer = FrameRenderer(colorDepth: .trueColor)
        _ = renderer.render(old)
        _ = renderer.render(old)
        #expect(renderer.render(new) == [])
    }

    @Test("a diff from the first changed column gives the screen a full redraw gives", arguments: ColorDepth.allCases)
    func diffEqualsFullRedraw(depth: ColorDepth) {
        var random = SeededRandomNumberGenerator(seed: 0xF1257 + UInt64(depth.rawValue))
        let size = Size(width: 31, height: 6)
        for step in 0..<250 {
            let (old, new) = Self.randomPair(&random, size: size)
            var diffed = InMemoryTerminal(size: size, colorDepth: depth)
            diffed.render(old)
            diffed.render(old)  // primed: the last frame's hashes are kept
            diffed.render(new)
            var redrawn = InMemoryTerminal(size: size, colorDepth: depth)
            redrawn.render(new)
            #expect(diffed.shows(new), "step \(step):\n\(new.lines.joined(separator: "\n"))\ngot:\n\(diffed.screen.lines.joined(separator: "\n"))")
            // As a person sees them: a space's foreground does not show.
            #expect(diffed.screen.cells.map(\.look) == redrawn.screen.cells.map(\.look), "step \(step)")
        }
    }

    @Test("a change right of a wide character and after a styled run writes only from there, with its own pen")
    func spanEdges() {
        let size = Size(width: 20, height: 1)
        var old = ScreenBuffer(size: size)
        old.write("山田", at: .zero, style: Style(foreground: .ansi(2)))
        old.write("abc", at: Point(x: 4, y: 0), style: .bold)
        var new = old
        new.write("x", at: Point(x: 6, y: 0), style: .bold)
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        _ = renderer.render(old)
        // The pen is still bold and the cursor just right of "c": a backspace and the letter.
        #expect(renderer.render(new) == Array("\u{8}x".utf8))
        // Half of the wide character overwritten: the other half becomes a space, and the
        // diff starts at the wide character's column.
        new.write("z", at: Point(x: 1, y: 0))
        var terminal = InMemoryTerminal(size: size)
        terminal.render(old)
        terminal.render(new)
        #expect(terminal.shows(new))
        #expect(terminal.screen.lines == [" z田abx" + String(repeating: " ", count: 13)])
    }
}
