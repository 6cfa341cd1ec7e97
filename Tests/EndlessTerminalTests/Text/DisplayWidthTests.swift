import Testing

@testable import EndlessTerminal

@Suite("Display width")
struct DisplayWidthTests {
    @Test("cluster widths", arguments: [
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
}
