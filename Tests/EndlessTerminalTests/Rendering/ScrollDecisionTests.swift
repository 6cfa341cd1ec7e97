import EndlessTerminalWidgets
import EndlessTesting
import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// When the renderer scrolls the terminal: only for rows worth moving. A page turned in a
/// list of kitty pictures repeats nothing but a scrollbar's track beside a picture; scrolling
/// for those rows would draw the rest from nothing, so the page is diffed in place, and the
/// screen and its pictures are still exactly the frame's.
@Suite("Scroll decisions: only rows worth moving")
struct ScrollDecisionTests {
    static let size = Size(width: 48, height: 20)
    static let rowHeight = 3
    static let pictures = 4  // fewer than the items on a page: pictures repeat on the next one

    /// A kitty transmission shaped like chafa's, 4×3 cells, unique to `seed`.
    static func kitty(_ seed: Int) -> TerminalGraphic {
        let data = String(repeating: "S0lU\(seed)", count: 4)
        let body = "\u{1B}_Ga=T,f=32,s=40,v=60,c=4,r=3,m=1\u{1B}\\\u{1B}_Gm=0;\(data)\u{1B}\\"
        return TerminalGraphic(kind: .kitty, escape: Array(body.utf8), size: Size(width: 4, height: 3))
    }

    /// A small sixel, 4×3 cells, unique to `seed`.
    static func sixel(_ seed: Int) -> TerminalGraphic {
        let body = "\u{1B}P0;1;0q\"1;1;40;60#\(seed % 256);2;\(seed % 100);20;30#\(seed % 256)" + String(repeating: "~", count: 40) + "\u{1B}\\"
        return TerminalGraphic(kind: .sixel, escape: Array(body.utf8), size: Size(width: 4, height: 3))
    }

    /// The app's main screen in small: a header, a list of people whose pictures fill their
    /// item's three rows (the third row is blanks, the picture's last row and the scrollbar),
    /// a footer.
    static func frame(offset: Int, selection: Int, kind: TerminalGraphic.Kind) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        frame.write("endless · people", at: .zero, style: .reverse)
        let list = ListView(itemCount: 500, rowHeight: rowHeight)
        var state = ListState(selection: selection, offset: offset)
        list.draw(into: &frame, in: Rect(x: 0, y: 1, width: size.width, height: size.height - 2), state: &state) { index, rect, _, frame in
            let picture = index % pictures
            frame.place(kind == .kitty ? kitty(picture) : sixel(picture), in: Rect(x: rect.x + 1, y: rect.y, width: 4, height: 3))
            frame.write(GraphicsPropertyTests.names[index % GraphicsPropertyTests.names.count], at: Point(x: rect.x + 7, y: rect.y), style: .bold)
            frame.write("row \(index) · \(20 + index % 60)", at: Point(x: rect.x + 7, y: rect.y + 1), style: .dim)
        }
        frame.write("j/k move", at: Point(x: 0, y: size.height - 1), style: .dim)
        return frame
    }

    static func scrolls(_ output: [UInt8]) throws -> Bool {
        String(decoding: output, as: UTF8.self).contains(try Regex("\u{1B}\\[[0-9]*[ST]"))
    }

    @Test("changed rows that match elsewhere count only when worth moving; only they are asked about")
    func movableRows() {
        // Rows 2…7 hold what rows 3…8 held: content moved up by one.
        let old: [UInt64] = [1, 10, 11, 12, 13, 14, 15, 16, 17, 9]
        let new: [UInt64] = [1, 11, 12, 13, 14, 15, 16, 17, 99, 9]
        var asked: [Int] = []
        let move = ScrollMove.detect(oldHashes: old, newHashes: new) { y in
            asked.append(y)
            return true
        }
        #expect(move == ScrollMove(top: 1, bottom: 8, shift: 1))
        #expect(asked == Array(1...7), "row 8 matches nothing, rows 0 and 9 did not change")
        #expect(ScrollMove.detect(oldHashes: old, newHashes: new) { _ in false } == nil)
        // Two rows worth moving are fewer than the three a scroll must save.
        #expect(ScrollMove.detect(oldHashes: old, newHashes: new) { $0 <= 2 } == nil)
        #expect(ScrollMove.detect(oldHashes: old, newHashes: new) { $0 <= 3 } != nil)
    }

    @Test("the last frame's block is taken again only while its shift still finds that block, saving enough")
    func sameBlockAgain() {
        // Rows 1…7 hold what rows 2…8 held: content moved up by one.
        let old: [UInt64] = [1, 10, 11, 12, 13, 14, 15, 16, 17, 9]
        let new: [UInt64] = [1, 11, 12, 13, 14, 15, 16, 17, 99, 9]
        let block = ScrollMove(top: 1, bottom: 8, shift: 1)
        #expect(ScrollMove.detect(oldHashes: old, newHashes: new) { _ in true } == block)
        #expect(ScrollMove.again(block, oldHashes: old, newHashes: new) { _ in true } == block)
        // Another block, another shift, or one past the screen: looked for anew.
        #expect(ScrollMove.again(ScrollMove(top: 2, bottom: 8, shift: 1), oldHashes: old, newHashes: new) { _ in true } == nil)
        #expect(ScrollMove.again(ScrollMove(top: 1, bottom: 8, shift: 2), oldHashes: old, newHashes: new) { _ in true } == nil)
        #expect(ScrollMove.again(ScrollMove(top: 1, bottom: 10, shift: 1), oldHashes: old, newHashes: new) { _ in true } == nil)
        // The rows it moves are not worth moving (blanks), or too few now.
        #expect(ScrollMove.again(block, oldHashes: old, newHashes: new) { _ in false } == nil)
        var fewer = new
        fewer[3...7] = [50, 51, 52, 53, 54]
        #expect(ScrollMove.again(ScrollMove(top: 1, bottom: 3, shift: 1), oldHashes: old, newHashes: fewer) { _ in true } == nil)
    }

    @Test("a row counts as content from three cells that are not plain blanks")
    func content() {
        var frame = ScreenBuffer(size: Size(width: 10, height: 3))
        frame.write("│", at: Point(x: 9, y: 0), style: .dim)
        frame.write("ab", at: Point(x: 0, y: 1))
        frame.write("│", at: Point(x: 9, y: 1), style: .dim)
        frame.fill(Rect(x: 2, y: 2, width: 3, height: 1), style: Style(background: .ansi(4)))
        let rows = frame.cells.withUnsafeBufferPointer { cells in
            (0..<3).map { ScrollMove.hasContent(cells, row: $0 * 10, width: 10) }
        }
        #expect(rows == [false, true, true], "a track alone is not content; colored blanks are")
    }

    @Test(
        "a page turned in a list of kitty pictures is diffed in place: no scroll, the screen and pictures a full redraw gives",
        arguments: ColorDepth.allCases)
    func kittyPage(depth: ColorDepth) throws {
        let visible = (Self.size.height - 2) / Self.rowHeight
        var terminal = InMemoryTerminal(size: Self.size, colorDepth: depth)
        let first = Self.frame(offset: 10, selection: 11, kind: .kitty)
        terminal.render(first)
        terminal.render(first)
        // The third rows of items showing the same picture hash alike wherever they are.
        let page = Self.frame(offset: 10 + visible, selection: 11 + visible, kind: .kitty)
        let rows = RowHashes(page)
        let oldRows = RowHashes(first)
        let repeated = (0..<Self.size.height).filter { y in rows.hashes[y] != oldRows.hashes[y] && oldRows.hashes.contains(rows.hashes[y]) }
        #expect(repeated.count >= 3, "\(repeated)")

        let output = terminal.render(page)
        #expect(try !Self.scrolls(output))
        #expect(terminal.shows(page))
        #expect(terminal.pictureDifferences(from: page).isEmpty, "\(terminal.pictureDifferences(from: page))")
        var redrawn = InMemoryTerminal(size: Self.size, colorDepth: depth)
        redrawn.render(page)
        #expect(terminal.screen.cells.map(\.look) == redrawn.screen.cells.map(\.look))
        #expect(terminal.screen.visiblePictures.kitty == redrawn.screen.visiblePictures.kitty)
        var full = terminal.renderer
        #expect(output.count < full.renderFull(page).count)

        // And back, and on: the frames after it are right too.
        for (offset, selection) in [(10, 11), (11, 12), (11 + visible, 12 + visible)] {
            let next = Self.frame(offset: offset, selection: selection, kind: .kitty)
            terminal.render(next)
            #expect(terminal.shows(next), "offset \(offset)")
            #expect(terminal.pictureDifferences(from: next).isEmpty, "offset \(offset): \(terminal.pictureDifferences(from: next))")
        }
    }

    @Test("a row's repair is estimated from its changed runs: a move, the characters, an erase per blank run, an SGR per style")
    func repairEstimate() {
        let size = Size(width: 30, height: 3)
        let loud = Style(foreground: .rgb(1, 2, 3), attributes: .bold)
        #expect(RepairCost.sgrLength(packed: Style.plain.packed) == 3)
        #expect(RepairCost.sgrLength(packed: loud.packed) == 3 + 2 + 17)
        #expect(
            RepairCost.sgrLength(packed: Style(foreground: .red, background: .indexed(9), attributes: [.underline, .reverse]).packed) == 3 + 4 + 3 + 9
        )
        var old = ScreenBuffer(size: size)
        old.write("ab", at: Point(x: 2, y: 0))
        old.write("long line of text", at: Point(x: 0, y: 1), style: loud)
        var new = old
        new.write("X", at: Point(x: 10, y: 1), style: loud)  // one cell, in the run's style
        new.fill(Rect(x: 20, y: 1, width: 3, height: 1), style: Style(background: .indexed(4)))  // blanks in another
        var cost = RepairCost(old: old, new: new, oldHashes: RowHashes(old).hashes, newHashes: RowHashes(new).hashes)
        // From blank: one run of two plain characters.
        #expect(cost.cost(row: 0, from: nil) == 4 + 2 + 3)
        #expect(cost.cost(row: 0, from: nil) == 4 + 2 + 3)  // asked again: kept
        #expect(cost.cost(row: 0, from: 0) == 0)
        // From the old row: two runs, the second an erase, each with its style.
        #expect(cost.cost(row: 1, from: 1) == (4 + 1 + 22) + (4 + 5 + 12))
        // From another row: the two rows' differences, wherever they are.
        #expect(cost.cost(row: 2, from: 0) == 4 + 5 + 3)
    }

    @Test("a held key at the list's edge finds the same block each frame and takes its extension again: the bytes of estimating it afresh")
    func heldKeyTakesTheLastExtension() throws {
        let visible = (Self.size.height - 2) / Self.rowHeight
        var terminal = InMemoryTerminal(size: Self.size, colorDepth: .trueColor)
        // The selection on the last item shown: each `j` scrolls the list by an item, and the
        // highlight goes with it, changing the rows at the block's edge.
        terminal.render(Self.frame(offset: 10, selection: 10 + visible - 1, kind: .sixel))
        var extensions: [Int] = []
        for step in 1...12 {
            let next = Self.frame(offset: 10 + step, selection: 10 + step + visible - 1, kind: .sixel)
            var afresh = terminal.renderer
            afresh.lastMove = nil
            let expected = afresh.render(next)
            let output = terminal.render(next)
            #expect(output == expected, "step \(step)")
            #expect(try Self.scrolls(output), "step \(step)")
            #expect(terminal.shows(next), "step \(step)")
            #expect(terminal.pictureDifferences(from: next).isEmpty, "step \(step)")
            extensions.append(terminal.renderer.extensionsEstimated)
        }
        #expect(extensions.allSatisfy { $0 == extensions[0] }, "estimated once, for the first frame of the block: \(extensions)")
        #expect(extensions[0] >= 1)
        let last = try #require(terminal.renderer.lastMove)
        #expect(last.found != last.extended, "the highlight's rows joined the block: \(last)")

        // Another block (a jump back up, then one step): estimated again.
        terminal.render(Self.frame(offset: 3, selection: 3, kind: .sixel))
        let before = terminal.renderer.extensionsEstimated
        let next = Self.frame(offset: 4, selection: 4, kind: .sixel)
        terminal.render(next)
        #expect(terminal.shows(next))
        #expect(terminal.renderer.extensionsEstimated == before + 1)
    }

    @Test("a list of kitty pictures moved by one item still scrolls")
    func kittyScroll() throws {
        var terminal = InMemoryTerminal(size: Self.size, colorDepth: .trueColor)
        let first = Self.frame(offset: 10, selection: 12, kind: .kitty)
        terminal.render(first)
        let next = Self.frame(offset: 11, selection: 12, kind: .kitty)
        #expect(try Self.scrolls(terminal.render(next)))
        #expect(terminal.shows(next))
        #expect(terminal.pictureDifferences(from: next).isEmpty)
    }

    @Test("rows under a sixel count as worth moving: its pixels scroll with the text and are not sent again")
    func sixelScroll() throws {
        var terminal = InMemoryTerminal(size: Self.size, colorDepth: .indexed256)
        let first = Self.frame(offset: 10, selection: 12, kind: .sixel)
        terminal.render(first)
        let next = Self.frame(offset: 11, selection: 12, kind: .sixel)
        let output = terminal.render(next)
        #expect(try Self.scrolls(output))
        // One item scrolled in: its picture is the only one drawn (one DCS, `ESC P`).
        let introducers = output.indices.dropLast().filter { output[$0] == 0x1B && output[$0 + 1] == 0x50 }
        #expect(introducers.count == 1, "\(String(decoding: output, as: UTF8.self))")
        #expect(terminal.shows(next))
        #expect(terminal.pictureDifferences(from: next).isEmpty, "\(terminal.pictureDifferences(from: next))")
    }

    /// A list of photos in small: two items of eight rows on screen, each a sixel picture six
    /// cells wide beside its title; the selected item's highlight runs down its whole height.
    static func photos(offset: Int, selection: Int) -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: 40, height: 18))
        frame.write("endless · photos", at: .zero, style: .reverse)
        for index in offset..<(offset + 2) {
            let top = 1 + (index - offset) * 8
            if index == selection {
                for y in top..<(top + 8) { frame.write("▌", at: Point(x: 0, y: y), style: Style(foreground: .indexed(4))) }
            }
            let body =
                "\u{1B}P0;1;0q\"1;1;60;160#\(index % 256);2;\(index % 100);20;30#\(index % 256)" + String(repeating: "~", count: 400) + "\u{1B}\\"
            let picture = TerminalGraphic(kind: .sixel, escape: Array(body.utf8), size: Size(width: 6, height: 8))
            frame.place(picture, in: Rect(x: 1, y: top, width: 6, height: 8))
            frame.write("Photo \(index) by someone", at: Point(x: 9, y: top), style: index == selection ? .bold : .plain)
            frame.write("\(1_000 + index) likes", at: Point(x: 9, y: top + 1), style: .dim)
        }
        frame.write("j/k move", at: Point(x: 0, y: 17), style: .dim)
        return frame
    }

    @Test("a picture that moves into the selection scrolls with the text, though none of its rows is unchanged: not sent again")
    func sixelCarriedIntoSelection() throws {
        var terminal = InMemoryTerminal(size: Size(width: 40, height: 18), colorDepth: .indexed256)
        terminal.render(Self.photos(offset: 0, selection: 0))
        for step in 1...4 {
            // `j`: the second photo moves to the top and is selected, the next comes in below.
            let next = Self.photos(offset: step, selection: step)
            let output = terminal.render(next)
            #expect(try Self.scrolls(output), "step \(step)")
            let introducers = output.indices.dropLast().filter { output[$0] == 0x1B && output[$0 + 1] == 0x50 }
            #expect(introducers.count == 1, "only the photo that came in is sent, step \(step)")
            #expect(terminal.shows(next), "step \(step)")
            #expect(terminal.pictureDifferences(from: next).isEmpty, "step \(step): \(terminal.pictureDifferences(from: next))")
        }
        // Back up: the top photo moves down out of the selection, the one before comes in.
        // Not carried down (xterm left a picture's old pixels behind): both are sent.
        let back = Self.photos(offset: 3, selection: 3)
        let output = terminal.render(back)
        #expect(output.indices.dropLast().filter { output[$0] == 0x1B && output[$0 + 1] == 0x50 }.count == 2)
        #expect(terminal.shows(back))
        #expect(terminal.pictureDifferences(from: back).isEmpty)
    }

    @Test("inside tmux, where a scroll may lose sixel pixels, a moved picture is sent again")
    func sixelNotCarriedThroughTmux() throws {
        var renderer = FrameRenderer(colorDepth: .indexed256)
        renderer.passthrough = TmuxPassthrough()
        _ = renderer.render(Self.photos(offset: 0, selection: 0))
        let output = renderer.render(Self.photos(offset: 1, selection: 1))
        let introducers = output.indices.dropLast().filter { output[$0] == 0x1B && output[$0 + 1] == 0x50 }
        // Each picture goes through tmux's passthrough (a DCS of its own around the sixel's).
        #expect(introducers.count >= 4, "both photos sent again")
    }
}
