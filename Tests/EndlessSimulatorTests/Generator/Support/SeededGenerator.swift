@testable import EndlessSimulator

/// A reproducible `RandomNumberGenerator` for property tests, on the generator's own MT19937.
struct SeededGenerator: RandomNumberGenerator {
    private var twister: MersenneTwister

    init(seed: UInt32) {
        twister = MersenneTwister(seed: seed)
    }

    mutating func next() -> UInt64 {
        UInt64(twister.next()) << 32 | UInt64(twister.next())
    }
}
