import EndlessTerminal
import EndlessTerminalWidgets
import Testing

/// The key help on a screen too short for it: as many bindings as fit from its first line
/// on, and the bottom edge saying how many are out of sight.
@Suite("Help overlay: scrolling")
struct HelpOverlayScrollTests {
    static let bindings = (1...12).map { KeyHint("k\($0)", "binding number \($0) of the twelve, in a box wide enough") }

    /// The overlay drawn in a frame of `size`, as lines.
    func drawn(firstLine: Int, size: Size, footer: String? = nil) -> [String] {
        var help = HelpOverlay(bindings: Self.bindings, footer: footer)
        help.firstLine = firstLine
        var frame = ScreenBuffer(size: size)
        help.draw(into: &frame, in: frame.bounds)
        return frame.lines
    }

    @Test("everything fits: every binding and the footer, nothing said in the edge")
    func fits() {
        let lines = drawn(firstLine: 5, size: Size(width: 80, height: 20), footer: "press ? to close")
        #expect((1...12).allSatisfy { number in lines.contains { $0.contains("binding number \(number) ") } })
        #expect(lines.contains { $0.contains("press ? to close") })
        #expect(!lines.contains { $0.contains("more") }, "a first line past what is needed is ignored")
        #expect(HelpOverlay(bindings: Self.bindings).linesShown(in: Rect(x: 0, y: 0, width: 80, height: 20)) == 12)
    }

    @Test("too short: the bindings from the first line on, the rest counted in the bottom edge, and no footer")
    func scrolled() {
        let size = Size(width: 80, height: 8)
        #expect(HelpOverlay(bindings: Self.bindings).linesShown(in: Rect(size: size)) == 6)
        let top = drawn(firstLine: 0, size: size, footer: "press ? to close")
        #expect(top[1].contains("binding number 1 ") && top[6].contains("binding number 6 "))
        #expect(top[7].contains(" ↓ 6 more · ↑↓ PgUp PgDn scroll "), "\(top[7])")
        #expect(!top.contains { $0.contains("press ? to close") })
        let middle = drawn(firstLine: 3, size: size)
        #expect(middle[1].contains("binding number 4 ") && middle[6].contains("binding number 9 "))
        #expect(middle[7].contains(" ↑ 3 ↓ 3 more · ↑↓ PgUp PgDn scroll "), "\(middle[7])")
        // Past the end, the last screenful.
        let end = drawn(firstLine: 40, size: size)
        #expect(end[6].contains("binding number 12 ") && end[1].contains("binding number 7 "))
        #expect(end[7].contains(" ↑ 6 more · ↑↓ PgUp PgDn scroll "), "\(end[7])")
        #expect(drawn(firstLine: -3, size: size)[1].contains("binding number 1 "), "a first line below 0 is the top")
    }

    @Test("a box too narrow for the keys that scroll says only the count, of lines")
    func narrow() {
        let size = Size(width: 28, height: 8)
        let lineCount = HelpOverlay(bindings: Self.bindings).lineCount(in: Rect(size: size))
        #expect(lineCount > Self.bindings.count, "the labels wrap")
        let lines = drawn(firstLine: 0, size: size)
        #expect(lines[7].contains(" ↓ \(lineCount - 6) more "), "\(lines[7])")
        #expect(!lines[7].contains("PgUp"))
    }

    @Test("a box narrower than it wants wraps each label between words under its key, losing none of it; the footer too")
    func wraps() throws {
        let size = Size(width: 40, height: 60)
        let help = HelpOverlay(bindings: Self.bindings, footer: "Errors keep what is loaded: R retries, r refreshes.")
        #expect(help.preferredSize.width > size.width)
        let lineCount = help.lineCount(in: Rect(size: size))
        #expect(lineCount == help.linesShown(in: Rect(size: size)), "all of it fits down")
        let lines = drawn(firstLine: 0, size: size, footer: "Errors keep what is loaded: R retries, r refreshes.")
        #expect(!lines.contains { $0.contains("…") }, "nothing cut:\n\(lines.joined(separator: "\n"))")
        // The box's lines, between its borders: each binding's key once, then its label's words
        // in order, on its line and the lines under it.
        let inner = lines.filter { $0.contains("│") }.map { line -> String in
            let cells = Array(line)
            let left = try! #require(cells.firstIndex(of: "│")), right = try! #require(cells.lastIndex(of: "│"))
            return String(cells[(left + 1)..<right])
        }
        #expect(inner.count == lineCount + 3, "the lines, a blank one, and the footer's two (52 columns in 36)")
        let keyColumn = try #require(inner.first?.firstIndex(of: "k")).utf16Offset(in: inner[0])
        var text = ""
        var keys: [String] = []
        for line in inner.prefix(lineCount) {
            let key = line.prefix(keyColumn + 3).trimmingCharacters(in: .whitespaces)
            if !key.isEmpty { keys.append(key) }
            text += " " + line.dropFirst(keyColumn + 3).trimmingCharacters(in: .whitespaces)
        }
        #expect(keys == Self.bindings.map(\.key))
        #expect(text.split(separator: " ").joined(separator: " ") == Self.bindings.map(\.label).joined(separator: " "))
        let footer = inner.suffix(2).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(footer == "Errors keep what is loaded: R retries, r refreshes.")
    }
}
