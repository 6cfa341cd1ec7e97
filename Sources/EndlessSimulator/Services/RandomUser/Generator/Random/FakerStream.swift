/// The faker@4.1.0 stream `F`: latitude, longitude and uuid (GENERATOR.md §3.2).
///
/// It is a second MT19937 seeded like `M`; every user costs exactly 33 draws from it, whatever
/// `inc`/`exc` say.
struct FakerStream: Sendable {
    /// The reference default seed, used when the request seed hashes to 0 (faker ignores a
    /// falsy seed and keeps a state the simulator cannot know; §2 step 4).
    static let fallbackSeed: UInt32 = 5489

    private var twister: MersenneTwister

    init(seed: UInt32) {
        twister = MersenneTwister(seed: seed == 0 ? Self.fallbackSeed : seed)
    }

    /// faker `number(max)`: `floor((u × 2⁻³²) × (max + 1))`.
    mutating func number(_ max: Int) -> Int {
        let unit = Double(twister.next()) * 0x1p-32
        return Int((unit * Double(max + 1)).rounded(.down))
    }

    /// faker `latitude()`: `k` in 0...1 800 000, rendered later as `(k − 900000)/10⁴`.
    mutating func latitude() -> Int32 {
        Int32(number(1_800_000) - 900_000)
    }

    /// faker `longitude()`: `k` in 0...3 600 000, rendered later as `(k − 1800000)/10⁴`.
    mutating func longitude() -> Int32 {
        Int32(number(3_600_000) - 1_800_000)
    }

    /// faker `uuid()`: 31 draws filling `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` left to right.
    mutating func uuid() -> UserUUID {
        var nibbles: UInt128 = 0
        for position in 0..<32 {
            let nibble: UInt128
            switch position {
            case 12: nibble = 4
            case 16: nibble = UInt128((number(15) & 3) | 8)
            default: nibble = UInt128(number(15))
            }
            nibbles = nibbles << 4 | nibble
        }
        return UserUUID(nibbles: nibbles)
    }
}
