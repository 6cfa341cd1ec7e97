import Testing

@testable import EndlessApp

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "columns per text",
        arguments: [
            ("Atilla", 6),
            ("花子", 4),  // CJK ideographs are wide
            ("한국", 4),  // Hangul syllables are wide
            ("ＡＢ", 4),  // fullwidth forms
            ("آرمان", 5),  // Persian letters are one column each
            ("می\u{200C}خواهم", 7),  // ZWNJ between word parts takes no column
            ("بَ", 1),  // a haraka combines with its letter
            ("e\u{301}", 1),  // e + combining acute accent
            ("👍", 2),  // emoji presentation
            ("❤\u{FE0F}", 2),  // text-style base made an emoji by VS16
            ("Šotra", 5),
        ] as [(String, Int)])
    func widths(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("truncation adds … and never splits a wide character or a grapheme")
    func truncate() {
        #expect(DisplayWidth.truncate("Hoveniersdreef", to: 6) == "Hoven…")
        #expect(DisplayWidth.truncate("Hoven", to: 5) == "Hoven")
        #expect(DisplayWidth.truncate("花子山田", to: 5) == "花子…")
        #expect(DisplayWidth.truncate("花子山田", to: 4) == "花…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("花子山田", to: 4)) == 3)
        #expect(DisplayWidth.truncate("می\u{200C}خواهم", to: 3) == "می\u{200C}…")
        #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", to: 2) == "e\u{301}…")
        #expect(DisplayWidth.truncate("abc", to: 1) == "…")
        #expect(DisplayWidth.truncate("abc", to: 0) == "")
    }

    @Test("padding to a width, left or right aligned, counts display columns")
    func pad() {
        #expect(DisplayWidth.pad("花子", to: 6) == "花子  ")
        #expect(DisplayWidth.pad("43", to: 3, alignRight: true) == " 43")
        #expect(DisplayWidth.pad("toolong", to: 3) == "toolong")
    }
}
