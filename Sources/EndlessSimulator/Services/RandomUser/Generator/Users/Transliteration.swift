/// The email local part of a name: transliteration@2.2.0 with default options, then lowercase,
/// then every U+0020 removed (GENERATOR.md §5.4).
///
/// transliteration replaces each character by its charmap value and drops characters without
/// one (`unknown: ''`). It works character by character, so the email part of `first + "." +
/// last` is the part of `first`, a dot, and the part of `last`; the lists are transliterated
/// once, when they are loaded.
enum Transliteration {
    /// `table` covers U+0000 up to here (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic/Persian).
    static let tableLimit: UInt32 = 0x700

    /// General Punctuation U+2000–U+202F from the same charmap: typographic spaces, dashes and
    /// quotes (`’` → `'`, common in Ukrainian names), and the line separators.
    static let punctuation: [String] = [
        " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", " ", "", "", "", "",  // U+2000
        "-", "-", "-", "-", "--", "--", "||", "_", "'", "'", ",", "'", "\"", "\"", ",,", "\"",  // U+2010
        "+", "++", "*", "*>", ".", "..", "...", ".", "\n", "\n\n", "", "", "", "", "", " ",  // U+2020
    ]

    /// The charmap value of one scalar; empty when the charmap has no entry (the scalar is dropped).
    static func map(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < tableLimit {
            return table[Int(value)]
        }
        if value >= 0x2000 && value < 0x2030 {
            return punctuation[Int(value - 0x2000)]
        }
        return ""
    }

    /// `lower(removeSpaces(translit(name)))` for one name.
    static func emailPart(of name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                append(UInt8(scalar.value), to: &bytes)
                continue
            }
            for byte in map(scalar).utf8 {
                append(byte, to: &bytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every charmap value is ASCII, so lowercasing the result is ASCII lowercasing.
    private static func append(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: " "), 0x7F:
            // U+0020 is removed; DEL maps to "" in the charmap.
            return
        case UInt8(ascii: "A")...UInt8(ascii: "Z"):
            bytes.append(byte | 0x20)
        default:
            bytes.append(byte)
        }
    }
}
