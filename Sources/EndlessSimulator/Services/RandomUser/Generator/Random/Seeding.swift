import EndlessDigest

/// Turns a request's seed and page into the two stream seeds (GENERATOR.md §2).
enum Seeding {
    /// A fresh 16-character default seed. The official one comes from the process-global
    /// stream in whatever state earlier requests left it, so any generator is as faithful (§2 step 1).
    ///
    /// It draws from the system generator through the standard library's own default, never
    /// as `using: &SystemRandomNumberGenerator()`: that generator is an empty struct, and
    /// under ThreadSanitizer the instrumented `inout` access to a zero-sized value checks the
    /// shadow of an arbitrary address and crashes (SEGV here, under `make tsan`).
    ///
    /// The alphabet has 16 characters, so one 64-bit draw holds all 16 picks, uniformly: one
    /// call into the system generator (a `getrandom` system call) instead of sixteen.
    static func makeDefaultSeed() -> String {
        var bits = UInt64.random(in: .min ... .max)
        return makeDefaultSeed { count in
            defer { bits >>= 4 }
            return Int(bits & 0xF) % count
        }
    }

    /// A default seed drawn from `generator`, for tests that need a reproducible one.
    static func makeDefaultSeed(using generator: inout some RandomNumberGenerator) -> String {
        makeDefaultSeed { Int.random(in: 0..<$0, using: &generator) }
    }

    /// Sixteen characters of the seed alphabet; `draw(n)` returns an index below `n`.
    private static func makeDefaultSeed(drawing draw: (Int) -> Int) -> String {
        let alphabet = Alphabet.seedHex.characters
        var seed = TextBuffer(capacity: 16)
        for _ in 0..<16 {
            seed.append(alphabet[draw(alphabet.count)])
        }
        return seed.makeString()
    }

    /// The RNG seed string: the seed, plus `String(page)` when the page is not 1 (§2 step 2),
    /// so `abc`+page 12 is the same stream as `abc1`+page 2.
    static func streamSeedText(seed: String, page: Double) -> String {
        page == 1 ? seed : seed + JSNumber.string(page)
    }

    /// `n`: the first 8 hex digits of `md5(UTF-8(s))` as an unsigned 32-bit integer (§2 step 3).
    static func streamSeed(for text: String) -> UInt32 {
        let digest = Digest.md5.hash(text.utf8)
        return digest.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
}
