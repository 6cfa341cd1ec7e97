/// A search's `query=` as the simulated services read it: lowercased words of letters and
/// digits, bounded.
///
/// The text is a stranger's: only its first ``maximumLength`` characters are read and at most
/// ``maximumWords`` words kept, so a huge or hostile query costs no more than a short one.
struct SearchWords: Sendable, Equatable {
    /// Characters of the query read; the rest is ignored.
    static let maximumLength = 200
    /// Words kept.
    static let maximumWords = 8

    /// The words, lowercased, in order.
    let words: [String]

    /// The words of `text`: runs of letters and digits.
    init(_ text: String) {
        var words: [String] = []
        var current = ""
        for character in text.prefix(Self.maximumLength) {
            if character.isLetter || character.isNumber {
                current.append(contentsOf: character.lowercased())
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
            if words.count == Self.maximumWords { break }
        }
        if !current.isEmpty, words.count < Self.maximumWords { words.append(current) }
        self.words = words
    }

    /// Whether there is nothing to search for.
    var isEmpty: Bool { words.isEmpty }

    /// How well `fields` match: 0 when some word is in none of them; else, for each word, the
    /// weight of the first field holding it as a word's start (`sea` finds `seaside`).
    /// - Parameter fields: the texts searched, each with its weight, most telling first.
    func score(_ fields: [(text: String, weight: Int)]) -> Int {
        var total = 0
        for word in words {
            guard let field = fields.first(where: { Self.hasWord(starting: word, in: $0.text) }) else { return 0 }
            total += field.weight
        }
        return total
    }

    /// Whether a word of `text` (lowercased) starts with `prefix`.
    static func hasWord(starting prefix: String, in text: String) -> Bool {
        var start = text.startIndex
        while let range = text.range(of: prefix, range: start..<text.endIndex) {
            if range.lowerBound == text.startIndex { return true }
            let before = text[text.index(before: range.lowerBound)]
            if !before.isLetter && !before.isNumber { return true }
            start = text.index(after: range.lowerBound)
        }
        return false
    }
}
