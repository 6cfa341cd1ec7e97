import Testing

@testable import EndlessTerminal

/// Issue 29: text is written by runs of simple scalars (ASCII, the letters of most names)
/// straight from its bytes; every frame must hold the cells the general path, a `Character`
/// and a `String` per cluster, wrote before.
@Suite("Screen buffer ASCII path")
struct ScreenBufferASCIITests {
    /// `ScreenBuffer.write` as it was: cut with `TextLayout`'s ellipsis, then written a
    /// `Character` at a time.
    static func referenceWrite(
        _ buffer: inout ScreenBuffer, _ text: String, at point: Point, style: Style, maxWidth: Int?, ellipsis: Bool
    ) -> Int {
        guard point.y >= 0, point.y < buffer.size.height else { return 0 }
        var limit = buffer.size.width
        if let maxWidth { limit = min(limit, point.x + max(0, maxWidth)) }
        guard limit > point.x, limit > 0 else { return 0 }
        let fitted = ellipsis ? referenceTruncate(text, toWidth: limit - point.x) : text
        var x = point.x
        for character in fitted {
            if x >= limit { break }
            let width = referenceWidth(character)
            if width == 0 { continue }
            if x < 0 {
                if x + width > 0 { buffer.put(.blank(style), x: 0, y: point.y) }
                x += width
                continue
            }
            if x + width > limit {
                buffer.put(.blank(style), x: x, y: point.y)
                x += 1
                break
            }
            buffer.put(Cell(grapheme: String(character), style: style, width: UInt8(width)), x: x, y: point.y)
            x += width
        }
        return max(0, x - max(point.x, 0))
    }

    /// `TextLayout.truncate` as it was, a `Character` at a time.
    static func referenceTruncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if text.reduce(0, { $0 + referenceWidth($1) }) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = referenceWidth(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        result.append("…")
        return result
    }

    /// The general measure of a cluster, past the fast path for lone simple scalars.
    static func referenceWidth(_ character: Character) -> Int {
        let scalars = Array(character.unicodeScalars)
        if scalars.count == 1 {
            let value = scalars[0].value
            return DisplayWidth.isRegionalIndicator(value) ? 1 : DisplayWidth.scalarWidth(scalars[0])
        }
        return DisplayWidth.of(character)
    }

    static let texts = [
        "", "Leo Bennink", "Mrs Ella Kruse", "Helsinge, Denmark · 37", "Mr شروین محمودی", "نور, Iran · 35", "Miss Linn Bø",
        "Brønnøysund, Norway · 61", "Mr Yalçın Kurt", "Олександра Шевченко", "Ἀθῆναι", "Zoë 山田太郎 x", "中文字", "a中b中c",
        "e\u{301}tude", "cafe\u{301}", "a\u{1B}[2Jb", "x\u{1B}]0;title\u{7}y", "tab\there", "line\r\nnext", "a\u{9B}31mb",
        "\u{7F}del", "soft\u{AD}hyphen", "\u{600}123", "ab\u{600}", "👩‍🚀 astronaut", "flag 🇫🇷!", "❤️ ©️ ®", "1️⃣2",
        "סָבְתָא", "Nguyễn Thị Minh Khai", "“quoted” — dash…", "\u{202E}evil", "a\u{200D}b", "각 한글", "x\u{301}\u{302}\u{303}\u{304}\u{305}y",
        String(repeating: "abcdefghij", count: 12), String(repeating: "ø山", count: 30),
    ]

    /// A line with wide characters already on it, so the writes cut some in half.
    static func background(width: Int) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: Size(width: width, height: 3))
        buffer.write("山山山山山山山山山山山山山山山山山山山山", at: Point(x: 1, y: 1), style: .dim)
        return buffer
    }

    @Test("every text, at every place and limit, with and without an ellipsis, writes the cells the general path wrote")
    func sameCells() {
        let style = Style(foreground: .red, attributes: .bold)
        for text in Self.texts {
            for x in [-3, -1, 0, 1, 2, 5, 18, 19] {
                for maxWidth in [nil, 0, 1, 2, 3, 4, 7, 12, 200] as [Int?] {
                    for ellipsis in [false, true] {
                        var fast = Self.background(width: 20)
                        var general = fast
                        let written = fast.write(text, at: Point(x: x, y: 1), style: style, maxWidth: maxWidth, ellipsis: ellipsis)
                        let expected = Self.referenceWrite(
                            &general, text, at: Point(x: x, y: 1), style: style, maxWidth: maxWidth, ellipsis: ellipsis)
                        let label = "\(text.debugDescription) at \(x), \(maxWidth.map(String.init) ?? "nil"), ellipsis \(ellipsis)"
                        #expect(written == expected, "\(label)")
                        #expect(fast.cells == general.cells, "\(label)")
                        #expect(fast.lines == general.lines, "\(label)")
                    }
                }
            }
        }
    }

    @Test("controls and escape sequences leave no control in any cell")
    func sanitized() {
        for text in Self.texts {
            var buffer = ScreenBuffer(size: Size(width: 140, height: 1))
            buffer.write(text, at: Point(x: 0, y: 0))
            for cell in buffer.cells {
                #expect(!cell.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
            }
        }
        var buffer = ScreenBuffer(size: Size(width: 10, height: 1))
        buffer.write("a\u{1B}b\u{7}c", at: Point(x: 0, y: 0))
        #expect(buffer.lines == ["abc       "])
    }

    @Test("the cells of a laid-out line are those the line's write leaves, up to its last column written")
    func lineCells() {
        for text in Self.texts {
            for width in [0, 1, 3, 5, 11, 40, 88] {
                var line = ScreenBuffer(size: Size(width: max(1, width), height: 1))
                let written = width == 0 ? 0 : min(width, line.write(text, at: Point(x: 0, y: 0), style: .bold, maxWidth: width, ellipsis: true))
                let cells = ScreenBuffer.cells(of: text, style: .bold, width: width, ellipsis: true)
                #expect(cells == Array(line.cells[0..<written]), "\(text.debugDescription) in \(width)")
            }
        }
    }

    @Test("a write over a picture removes the picture, as before")
    func graphics() {
        var fast = ScreenBuffer(size: Size(width: 10, height: 2))
        fast.place(TerminalGraphic(kind: .sixel, escape: [0x50], size: Size(width: 2, height: 2)), in: Rect(x: 4, y: 0, width: 2, height: 2))
        var general = fast
        fast.write("abcdef", at: Point(x: 0, y: 1))
        _ = Self.referenceWrite(&general, "abcdef", at: Point(x: 0, y: 1), style: .plain, maxWidth: nil, ellipsis: false)
        #expect(fast == general)
        #expect(fast.graphics.isEmpty)
    }
}
