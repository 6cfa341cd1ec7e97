import EndlessTesting
import Testing

@testable import EndlessSimulator

@Suite("Random streams and seeding (GENERATOR.md §2, §3)")
struct RandomStreamTests {
    @Test("MT19937 matches the reference outputs of init_genrand(5489) and (1)")
    func mersenneReference() {
        var twister = MersenneTwister(seed: 5489)
        let first = (0..<5).map { _ in twister.next() }
        #expect(first == [3_499_211_612, 581_869_302, 3_890_346_734, 3_586_334_585, 545_404_204])
        var one = MersenneTwister(seed: 1)
        #expect(one.next() == 1_791_095_845)
        // The 625th output exercises the second twist.
        var long = MersenneTwister(seed: 5489)
        for _ in 0..<9999 { _ = long.next() }
        #expect(long.next() == 4_123_659_995)
    }

    @Test("range is computed in double: the dob range differs from integer multiply-shift")
    func rangeInDouble() {
        // For u = 418887850, floor((u·2⁻³²)·N) in double is one more than (u·N) >> 32.
        let low = -800_000_000_000
        let high = 991_088_189_000
        #expect(MainStream.range(word: 418_887_850, low, high) == -625_315_298_361)
        let exact = low + Int((UInt128(418_887_850) * UInt128(high - low + 1)) >> 32)
        #expect(exact == -625_315_298_362)
        #expect(MainStream.range(word: 0, 3, 7) == 3)
        #expect(MainStream.range(word: .max, 3, 7) == 7)
    }

    @Test("the stream seed is the first 32 bits of md5(seed + page)")
    func md5Seed() {
        // md5("abc") = 900150983cd24fb0…
        #expect(Seeding.streamSeed(for: "abc") == 0x9001_5098)
        #expect(Seeding.streamSeedText(seed: "abc", page: 1) == "abc")
        #expect(Seeding.streamSeedText(seed: "abc", page: 12) == "abc12")
        #expect(Seeding.streamSeedText(seed: "abc", page: 2.5) == "abc2.5")
    }

    @Test("a default seed is 16 characters of abcdef1234567890")
    func defaultSeed() {
        let seed = Seeding.makeDefaultSeed()
        #expect(seed.count == 16)
        #expect(seed.allSatisfy { "abcdef1234567890".contains($0) })
        var first = SeededRandomNumberGenerator(seed: 7)
        var second = SeededRandomNumberGenerator(seed: 7)
        #expect(Seeding.makeDefaultSeed(using: &first) == Seeding.makeDefaultSeed(using: &second))
    }

    @Test("faker draws 33 numbers per user: latitude, longitude and a 31-draw uuid")
    func fakerDraws() throws {
        var faker = FakerStream(seed: 42)
        _ = faker.latitude()
        _ = faker.longitude()
        var text = TextBuffer()
        faker.uuid().write(to: &text)
        let uuid = text.makeString()
        var reference = MersenneTwister(seed: 42)
        for _ in 0..<33 { _ = reference.next() }
        var next = FakerStream(seed: 42)
        for _ in 0..<33 { _ = next.number(1) }
        #expect(next.number(1_000_000) == Int((Double(reference.next()) * 0x1p-32 * 1_000_001).rounded(.down)))
        try #require(uuid.count == 36)
        let characters = Array(uuid)
        #expect(characters[14] == "4" && "89ab".contains(characters[19]))
        #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
    }

    @Test("coordinates are k/10⁴ with exactly four decimals and a sign")
    func coordinateText() {
        func text(_ value: Int32) -> String {
            var buffer = TextBuffer()
            ResponseEncoder.appendCoordinate(value, to: &buffer)
            return buffer.makeString()
        }
        #expect(text(-899_999) == "-89.9999")
        #expect(text(0) == "0.0000")
        #expect(text(900_000) == "90.0000")
        #expect(text(-5) == "-0.0005")
        #expect(text(367_507) == "36.7507")
    }

    @Test("a seed hashing to 0 still gives a deterministic faker stream")
    func zeroSeed() {
        var a = FakerStream(seed: 0)
        var b = FakerStream(seed: 0)
        #expect(a.number(15) == b.number(15))
        var reference = MersenneTwister(seed: FakerStream.fallbackSeed)
        var c = FakerStream(seed: 0)
        #expect(c.number(1_000_000) == Int((Double(reference.next()) * 0x1p-32 * 1_000_001).rounded(.down)))
    }
}
