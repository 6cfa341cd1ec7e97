/// The reference Matsumoto–Nishimura MT19937 generator (`init_genrand` / `genrand_int32`).
///
/// Both streams of the official generator are MT19937 (the npm `mersenne` 0.0.3 port and
/// faker's copy of it), seeded with `init_genrand(n)` (GENERATOR.md §2 step 4).
struct MersenneTwister: Sendable {
    private static let stateSize = 624
    private static let shift = 397
    private static let matrixA: UInt32 = 0x9908_B0DF
    private static let upperMask: UInt32 = 0x8000_0000
    private static let lowerMask: UInt32 = 0x7FFF_FFFF

    private var state: [UInt32]
    private var index: Int

    /// `init_genrand(seed)`: the 1812433253 multiplier initialisation.
    init(seed: UInt32) {
        var state = [UInt32](repeating: 0, count: Self.stateSize)
        state[0] = seed
        for i in 1..<Self.stateSize {
            let previous = state[i - 1]
            state[i] = 1_812_433_253 &* (previous ^ (previous >> 30)) &+ UInt32(i)
        }
        self.state = state
        self.index = Self.stateSize
    }

    /// `genrand_int32()`: the next tempered 32-bit output.
    mutating func next() -> UInt32 {
        if index >= Self.stateSize {
            twist()
        }
        var y = state[index]
        index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// Regenerates all 624 words at once, as the reference implementation does.
    private mutating func twist() {
        let n = Self.stateSize
        let m = Self.shift
        state.withUnsafeMutableBufferPointer { mt in
            for k in 0..<n {
                let y = (mt[k] & Self.upperMask) | (mt[(k + 1) % n] & Self.lowerMask)
                let mag = (y & 1) == 0 ? 0 : Self.matrixA
                mt[k] = mt[(k + m) % n] ^ (y >> 1) ^ mag
            }
        }
        index = 0
    }
}
