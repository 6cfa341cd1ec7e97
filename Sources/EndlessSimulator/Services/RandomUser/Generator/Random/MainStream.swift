/// The main random stream `M` and the helpers the generator builds on it (GENERATOR.md §3.1, §3.3).
///
/// Every helper is a sequence of `range(a, b)` draws, so the draw count of each template is
/// exactly the one the official generator makes.
struct MainStream: Sendable {
    private var twister: MersenneTwister

    init(seed: UInt32) {
        twister = MersenneTwister(seed: seed)
    }

    /// `range(a, b)`: `a + floor((u × 2⁻³²) × (b − a + 1))`, computed in IEEE-754 double as §3.1
    /// requires (an integer multiply-shift differs for the wide dob/registered ranges).
    mutating func range(_ low: Int, _ high: Int) -> Int {
        Self.range(word: twister.next(), low, high)
    }

    /// `range` for one 32-bit output `u`: the product is rounded once as a double, then floored.
    static func range(word: UInt32, _ low: Int, _ high: Int) -> Int {
        let unit = Double(word) * 0x1p-32
        let product = unit * Double(high - low + 1)
        return low + Int(product.rounded(.down))
    }

    /// `range(a, b)` on non-integer bounds: the password length of §5.5 step 5 may be fractional.
    mutating func range(_ low: Double, _ high: Double) -> Double {
        let unit = Double(twister.next()) * 0x1p-32
        return low + (unit * (high - low + 1)).rounded(.down)
    }

    /// `pick(L)`: one draw even when the list has a single element.
    mutating func index(count: Int) -> Int {
        range(0, count - 1)
    }

    /// `pick(L)` over a literal list.
    mutating func pick<T>(_ values: [T]) -> T {
        values[index(count: values.count)]
    }

    /// Appends `count` characters of `alphabet`, one draw each (`random(mode, n)`).
    mutating func append(_ count: Int, of alphabet: Alphabet, to text: inout TextBuffer) {
        let letters = alphabet.characters
        for _ in 0..<count {
            text.append(letters[range(0, letters.count - 1)])
        }
    }

    /// Appends the decimal text of `range(a, b)`.
    mutating func appendNumber(_ low: Int, _ high: Int, to text: inout TextBuffer) {
        text.append(number: range(low, high))
    }
}
