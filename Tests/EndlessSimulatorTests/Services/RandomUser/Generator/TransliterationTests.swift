import Testing

@testable import EndlessSimulator

@Suite("Email transliteration (GENERATOR.md §5.4)")
struct TransliterationTests {
    @Test(
        "names map through transliteration@2.2.0's charmap, lowercased, spaces removed",
        arguments: [
            ("فاطمه رضایی", "ftmh.rdyy"), ("Müßig Ærø", "mussig.aero"), ("Øyvind Ødegård", "oyvind.odegard"),
            ("Şükrü Çelik", "sukru.celik"), ("Đorđe Šotra", "dorde.sotra"), ("Hans D. 't Hart", "hans.d.'thart"),
            ("Олександр Гнатюк", "oleksandr.gnatyuk"), ("Євгенія Їжакевич", "ievgeniya.yizhakevich"),
            ("Ґалаґан Мар’яна", "g'alag'an.mar'yana"), ("Дар'я Щербак", "dar'ya.shcherbak"),
            ("Ёлкин Съедин", "yolkin.sedin"),
            ("عباس کریمی", "aabs.khrymy"), ("Zoë\u{A0}Dupré", "zoedupre"), ("Ī\u{1E9E}x", "ix"),
        ])
    func emails(name: String, expected: String) {
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        let email = parts.map(Transliteration.emailPart(of:)).joined(separator: ".")
        #expect(email == expected, "\(name)")
    }

    @Test("the table covers U+0000–U+06FF; unmapped characters are dropped")
    func table() {
        #expect(Transliteration.table.count == Int(Transliteration.tableLimit))
        #expect(Transliteration.map("ا") == "")
        #expect(Transliteration.map("ع") == "aa")
        #expect(Transliteration.map("ک") == "kh")
        #expect(Transliteration.map("ß") == "ss")
        #expect(Transliteration.map("ı") == "i")
        #expect(Transliteration.map("’") == "'")
        #expect(Transliteration.map("中") == "")
    }
}
