import EndlessTerminal
import Testing

@Suite("ScreenSnapshot")
struct ScreenSnapshotTests {
    /// A screen with what the browser draws: styled text, a wide character, a combining mark,
    /// styled blanks (a highlight), and plain blank space between.
    static func sample() -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: 30, height: 4))
        frame.write("Mr Leo Bennink", at: Point(x: 9, y: 0), style: .bold)
        frame.write("東京, Japan · 34", at: Point(x: 9, y: 1), style: Style(foreground: .indexed(250), background: .indexed(238)))
        frame.write("Zoë Ødegård", at: Point(x: 1, y: 2), style: Style(foreground: .rgb(10, 200, 30)))
        frame.fill(Rect(x: 20, y: 2, width: 10, height: 1), style: Style(background: .ansi(4)))
        frame.write("▌", at: Point(x: 0, y: 3), style: Style(foreground: .cyan, attributes: .bold))
        return frame
    }

    @Test("a screen comes back cell for cell: text, wide characters, styles and styled blanks")
    func roundTrip() throws {
        let frame = Self.sample()
        let decoded = try #require(ScreenSnapshot.decode(ScreenSnapshot.encode(frame)))
        #expect(decoded == frame)
        #expect(decoded.lines == frame.lines)
    }

    @Test("blank space is not stored: an empty screen is a few bytes a row")
    func blanksAreFree() throws {
        let empty = ScreenBuffer(size: Size(width: 200, height: 60))
        let bytes = ScreenSnapshot.encode(empty)
        #expect(bytes.count == 9 + 60 * 2)
        #expect(ScreenSnapshot.decode(bytes) == empty)
    }

    @Test("anything cut short, of another version or out of place is not a snapshot")
    func malformed() {
        let bytes = ScreenSnapshot.encode(Self.sample())
        #expect(ScreenSnapshot.decode([]) == nil)
        #expect(ScreenSnapshot.decode(Array(bytes.dropLast())) == nil)
        #expect(ScreenSnapshot.decode(bytes + [0]) == nil)
        var version = bytes
        version[4] = 2
        #expect(ScreenSnapshot.decode(version) == nil)
        var magic = bytes
        magic[0] = UInt8(ascii: "X")
        #expect(ScreenSnapshot.decode(magic) == nil)
        // A width of 0 or past the largest side.
        #expect(ScreenSnapshot.decode(Array("ESNP".utf8) + [1, 0, 0, 1, 0]) == nil)
        #expect(ScreenSnapshot.decode(Array("ESNP".utf8) + [1, 0xFF, 0xFF, 1, 0]) == nil)
    }

    /// One row of one run: `ESNP`, version 1, the size, then column, style, text and the row's end.
    static func forged(width: UInt16 = 20, x: UInt16 = 0, style: UInt64 = 0, text: [UInt8]) -> [UInt8] {
        func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] { (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        return Array("ESNP".utf8) + [1] + le(width) + le(UInt16(1)) + le(x) + le(style) + le(UInt16(text.count)) + text + le(UInt16(0xFFFF))
    }

    @Test("a forged file cannot put an escape sequence or a control on the screen")
    func forgedTextIsSanitized() throws {
        let frame = try #require(ScreenSnapshot.decode(Self.forged(text: Array("ok\u{1B}[2J\u{07}\u{9B}31mX".utf8))))
        let line = try #require(frame.lines.first)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(line.hasPrefix("ok"))
        // The forged run still decodes as its own check: a valid one is read.
        #expect(ScreenSnapshot.decode(Self.forged(text: Array("plain".utf8)))?.lines.first?.hasPrefix("plain") == true)
    }

    @Test("a forged run past its row, or with a style no screen has, is refused")
    func forgedLayoutAndStyle() {
        #expect(ScreenSnapshot.decode(Self.forged(x: 20, text: Array("x".utf8))) == nil)
        #expect(ScreenSnapshot.decode(Self.forged(style: 1 << 63, text: Array("x".utf8))) == nil)
        // ANSI colour 16 does not exist (kind 1, index 16, as the foreground).
        #expect(ScreenSnapshot.decode(Self.forged(style: 1 << 24 | 16, text: Array("x".utf8))) == nil)
        #expect(ScreenSnapshot.decode(Self.forged(style: 1 << 24 | 15, text: Array("x".utf8))) != nil)
    }
}
