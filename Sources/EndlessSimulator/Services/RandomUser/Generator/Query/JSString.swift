/// JS string operations that differ from Swift's `Character`-based ones.
enum JSString {
    /// JS `s.split(sep)` for a one-character ASCII separator: splits on the scalar itself (a
    /// combining mark after it does not glue it to a `Character`), keeping empty items.
    static func split(_ text: String, on separator: Unicode.Scalar) -> [String] {
        var items: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == separator {
                items.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        items.append(String(current))
        return items
    }

    /// The number of UTF-16 code units, JS's `length`.
    static func length(_ text: String) -> Int {
        text.utf16.count
    }

    /// JS `s.slice(from, to)` on UTF-16 units; a split surrogate pair becomes U+FFFD, which is
    /// how Node encodes a lone surrogate as UTF-8.
    static func slice(_ text: String, from start: Int, to end: Int) -> String {
        let units = Array(text.utf16)
        let lower = max(0, min(start, units.count))
        let upper = max(lower, min(end, units.count))
        return String(decoding: units[lower..<upper], as: UTF16.self)
    }
}
