import Synchronization

/// The grapheme clusters too long to pack in a ``GraphemeKey`` (emoji sequences, stacked
/// marks), each kept once for the process and named by a number the key holds.
///
/// A cell then holds no reference: frames are cleared, copied and compared as plain memory,
/// with no retain or release per cell, and equal keys mean equal clusters. Such clusters are
/// few (a few thousand emoji sequences exist), but text from the network can make any number
/// of them, so the table is bounded: once it holds ``capacity`` clusters, a new one is drawn
/// as a replacement character of its width (see ``GraphemeKey``), and nothing grows further.
final class LongGraphemes: Sendable {
    /// The table every cell uses.
    static let shared = LongGraphemes(capacity: 1 << 16)

    /// The most clusters kept.
    let capacity: Int
    private let table = Mutex(Table())

    private struct Table {
        var numbers: [String: UInt32] = [:]
        var texts: [String] = []
    }

    /// Creates an empty table.
    /// - Parameter capacity: the most clusters it keeps.
    init(capacity: Int) {
        self.capacity = min(capacity, Int(UInt32.max))
    }

    /// The number of `text`, given it now if it has none; nil when the table is full.
    /// Canonically equivalent clusters share a number (and the first one's bytes), as they
    /// compare equal.
    func number(of text: String) -> UInt32? {
        table.withLock { table in
            if let number = table.numbers[text] { return number }
            guard table.texts.count < capacity else { return nil }
            let number = UInt32(table.texts.count)
            table.numbers[text] = number
            table.texts.append(text)
            return number
        }
    }

    /// The cluster numbered `number`; empty for a number never given.
    func text(_ number: UInt32) -> String {
        table.withLock { Int(number) < $0.texts.count ? $0.texts[Int(number)] : "" }
    }

    /// How many clusters are kept.
    var count: Int { table.withLock { $0.texts.count } }
}
