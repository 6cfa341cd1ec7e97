/// The simulator's own deterministic randomness, behind fault decisions and generated
/// catalogues (reqres users past the real twelve): FNV-1a to turn text into 64 bits and
/// SplitMix64 to turn 64 bits into a stream. Both are tiny, fast and identical everywhere,
/// which is all reproducible chaos needs (this is not the randomuser generator's MT19937).
struct ChaosRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw in 0..<1 with 53 bits of precision.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// FNV-1a over `bytes`, continuing from `basis`.
    static func hash(_ bytes: some Sequence<UInt8>, basis: UInt64 = 0xCBF2_9CE4_8422_2325) -> UInt64 {
        var hash = basis
        for byte in bytes { hash = step(hash, byte) }
        return hash
    }

    /// ``hash(_:basis:)`` of two bytes, without an array to hold them (per pixel of a photo).
    static func hash(_ first: UInt8, _ second: UInt8, basis: UInt64) -> UInt64 {
        step(step(basis, first), second)
    }

    /// ``hash(_:basis:)`` of three bytes, without an array to hold them.
    static func hash(_ first: UInt8, _ second: UInt8, _ third: UInt8, basis: UInt64) -> UInt64 {
        step(step(step(basis, first), second), third)
    }

    @inline(__always)
    private static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
}
