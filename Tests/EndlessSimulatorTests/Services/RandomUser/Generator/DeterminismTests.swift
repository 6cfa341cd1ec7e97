import Foundation
import Testing

@testable import EndlessSimulator

@Suite("Determinism and paging (GENERATOR.md §2)")
struct DeterminismTests {
    @Test("the same query gives the same bytes, in every format", arguments: ["json", "pretty", "yaml", "xml", "csv"])
    func sameBytes(format: String) throws {
        let query = "seed=det&results=200&page=3&fmt=\(format)"
        #expect(try GeneratorFixtures.respond(query).body == (try GeneratorFixtures.respond(query).body))
    }

    @Test("a larger results is a prefix-identical list")
    func prefix() throws {
        let small = try GeneratorFixtures.users("seed=pre&results=7&page=4")
        let large = try GeneratorFixtures.users("seed=pre&results=300&page=4")
        #expect(GeneratorFixtures.differences(["r": small], ["r": Array(large.prefix(7))]).isEmpty)
    }

    @Test("each page is its own stream: page 2 is not users 2 of page 1")
    func pagesAreIndependent() throws {
        let first = try GeneratorFixtures.users("seed=pg&results=2")
        let second = try GeneratorFixtures.users("seed=pg&results=1&page=2")
        try #require(first.count == 2 && second.count == 1)
        #expect(!GeneratorFixtures.differences(["u": first[1]], ["u": second[0]]).isEmpty)
    }

    @Test("ages are the only fields that depend on now")
    func onlyAgesMove() throws {
        let early = try GeneratorFixtures.users(
            "seed=age&results=50", now: try GeneratorFixtures.date("2020-01-01T00:00:00Z"))
        let late = try GeneratorFixtures.users(
            "seed=age&results=50", now: try GeneratorFixtures.date("2040-01-01T00:00:00Z"))
        let paths = Set(
            zip(early, late).flatMap { GeneratorFixtures.differences($0, $1) }.map { String($0.prefix { $0 != ":" }) })
        #expect(paths == ["dob.age", "registered.age"])
    }

    @Test("without a seed every response has a fresh seed, and reusing it reproduces the users")
    func unseeded() throws {
        let first = try GeneratorFixtures.json("results=5")
        let seed = try #require((first["info"] as? [String: Any])?["seed"] as? String)
        let again = try GeneratorFixtures.json("results=5&seed=\(seed)")
        #expect(GeneratorFixtures.differences(first, again).isEmpty)
        let other = try #require(
            (try GeneratorFixtures.json("results=5")["info"] as? [String: Any])?["seed"] as? String)
        #expect(other != seed)
    }
}

@Suite("Extreme instants")
struct ExtremeInstantTests {
    @Test("now far outside any calendar table is clamped like a JS date, not a crash")
    func extremeNow() throws {
        for now in [Date.distantPast, Date.distantFuture, Date(timeIntervalSince1970: 1e300)] {
            #expect(try GeneratorFixtures.respond("seed=x&results=3", now: now).userCount == 3)
        }
        #expect(RandomUserGenerator.milliseconds(Date(timeIntervalSince1970: -1e300)) == -8_640_000_000_000_000)
    }
}
