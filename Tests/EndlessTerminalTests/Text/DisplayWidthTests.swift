import Testing

@testable import EndlessTerminal

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "cluster widths",
        arguments: [
            ("a", 1), ("é", 1), ("e\u{301}", 1), ("Ø", 1), ("ß", 1),
            ("山", 2), ("한", 2), ("カ", 2), ("ｶ", 1), ("Ａ", 2), ("　", 2), ("𠀋", 2),
            ("😀", 2), ("👩‍🚀", 2), ("👨‍👩‍👧‍👦", 2), ("👍🏽", 2), ("🇫🇷", 2), ("🇫", 1),
            ("❤️", 2), ("❤", 1), ("☺︎", 1), ("1️⃣", 2), ("⌚", 2),
            ("\u{200B}", 0), ("\u{301}", 0), ("\u{7}", 0), ("\u{1B}", 0), ("\r\n", 0), ("\u{202E}", 0), ("\u{9B}", 0),
            ("…", 1), ("─", 1), ("▀", 1), ("⠋", 1), ("ف", 1),
        ] as [(Character, Int)])
    func clusters(_ sample: (Character, Int)) {
        #expect(DisplayWidth.of(sample.0) == sample.1, "\(sample.0.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test("string widths add up per cluster")
    func strings() {
        #expect(DisplayWidth.of("Leo Bennink") == 11)
        #expect(DisplayWidth.of("山田 太郎") == 9)
        #expect(DisplayWidth.of("Zoë 👩‍🚀 🇫🇷") == 9)
        #expect(DisplayWidth.of("a\u{1B}b") == 2)
    }

    @Test("truncation by display width ends in an ellipsis")
    func truncation() {
        #expect(TextLayout.truncate("Hello world", toWidth: 5) == "Hell…")
        #expect(TextLayout.truncate("Hello", toWidth: 5) == "Hello")
        #expect(TextLayout.truncate("山田太郎", toWidth: 5) == "山田…")
        #expect(TextLayout.truncate("山田太郎", toWidth: 4) == "山…")
        #expect(TextLayout.truncate("abc", toWidth: 0) == "")
        #expect(TextLayout.truncate("abc", toWidth: 1) == "…")
        #expect(TextLayout.pad("ab", toWidth: 4, alignment: .trailing) == "  ab")
        #expect(TextLayout.pad("山", toWidth: 5, alignment: .center) == " 山  ")
    }

    @Test("wrapping breaks between words by display width; a word too wide keeps a line of its own")
    func wrapping() {
        #expect(TextLayout.wrap("next person, previous person", toWidth: 20) == ["next person,", "previous person"])
        #expect(TextLayout.wrap("a b c", toWidth: 3) == ["a b", "c"])
        // Two columns a character: 山田 太郎 is 4 + 1 + 4.
        #expect(TextLayout.wrap("山田 太郎", toWidth: 8) == ["山田", "太郎"])
        #expect(TextLayout.wrap("山田 太郎", toWidth: 9) == ["山田 太郎"])
        #expect(TextLayout.wrap("a supercalifragilistic b", toWidth: 5) == ["a", "supercalifragilistic", "b"])
        #expect(TextLayout.wrap("  runs   of  spaces ", toWidth: 40) == ["runs of spaces"])
        #expect(TextLayout.wrap("", toWidth: 10) == [""])
        #expect(TextLayout.wrap("one two", toWidth: 0) == ["one", "two"])
    }
}

@Suite("DisplayWidthTables")
struct DisplayWidthTablesTests {
    @Test("the wide ranges are pairs, each in order and after the one before, so bisection finds them")
    func sortedPairs() throws {
        let table = DisplayWidthTables.wide
        try #require(table.count.isMultiple(of: 2))
        for pair in stride(from: 0, to: table.count, by: 2) {
            #expect(table[pair] <= table[pair + 1])
            if pair > 0 { #expect(table[pair] > table[pair - 1]) }
        }
    }

    @Test("the first and last code point of every range are wide, the ones just outside are not")
    func edges() throws {
        let table = DisplayWidthTables.wide
        try #require(table.count.isMultiple(of: 2))
        for pair in stride(from: 0, to: table.count, by: 2) {
            #expect(DisplayWidthTables.isWide(table[pair]) && DisplayWidthTables.isWide(table[pair + 1]))
            let after = table[pair + 1] + 1
            if pair + 2 >= table.count || after < table[pair + 2] { #expect(!DisplayWidthTables.isWide(after), "U+\(String(after, radix: 16))") }
        }
        #expect(!DisplayWidthTables.isWide(0x10FF))
        #expect(!DisplayWidthTables.isWide(0x2328))
    }
}
