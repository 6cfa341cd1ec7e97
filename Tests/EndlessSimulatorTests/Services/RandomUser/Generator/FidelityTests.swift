import Foundation
import Testing

@testable import EndlessSimulator

/// The users generated for each v1.4 capture's seed, page and results equal the captured users
/// field for field, uuid, coordinates and both ages included (GENERATOR.md §9).
@Suite("Generator fidelity against real captures")
struct FidelityTests {
    /// 1e55a6ad8357689d: 10 users (NL, IN, IE, DK, NZ, RS), captured between 2025-06-13 00:00
    /// and 2025-06-29 05:11 Chicago time: every age holds for any `now` in that window.
    @Test(
        "mixed-10 capture: 10/10 users equal on every field",
        arguments: ["2025-06-13T06:00:00Z", "2025-06-21T00:00:00Z", "2025-06-29T10:00:00Z"])
    func mixedTenUsers(now: String) throws {
        let capture = try GeneratorFixtures.capture("v1.4-mixed-10-users.json")
        let info = try #require(capture["info"] as? [String: Any])
        let expected = try #require(capture["results"] as? [[String: Any]])
        let seed = try #require(info["seed"] as? String)
        let query = "seed=\(seed)&results=\(expected.count)&page=\(info["page"] ?? 1)"
        let actual = try GeneratorFixtures.users(query, now: try GeneratorFixtures.date(now))
        try #require(actual.count == 10)
        for (index, pair) in zip(expected, actual).enumerated() {
            let differences = GeneratorFixtures.differences(pair.0, pair.1)
            #expect(differences.isEmpty, "user \(index): \(differences)")
        }
    }

    /// 26341139a7454d33: `info.results` is 1 but the file holds two users. Results=1 generates
    /// only the DE user (Berndt Gehring); the NZ user was pasted in by hand and is compared
    /// against nothing.
    @Test(
        "de-nz capture: the generated DE user is equal on every field, the NZ one is foreign",
        arguments: ["2024-04-02T12:00:00Z", "2024-04-20T00:00:00Z", "2024-05-07T12:00:00Z"])
    func handMergedCapture(now: String) throws {
        let capture = try GeneratorFixtures.capture("v1.4-de-nz-hand-merged.json")
        let info = try #require(capture["info"] as? [String: Any])
        let expected = try #require(capture["results"] as? [[String: Any]])
        #expect(info["results"] as? Int == 1)
        try #require(expected.count == 2)
        let seed = try #require(info["seed"] as? String)
        let actual = try GeneratorFixtures.users("seed=\(seed)&results=1", now: try GeneratorFixtures.date(now))
        try #require(actual.count == 1)
        #expect(GeneratorFixtures.differences(expected[0], actual[0]).isEmpty)
        // The NZ user is not the first user of this seed, nor the second of a 2-user request.
        let two = try GeneratorFixtures.users("seed=\(seed)&results=2", now: try GeneratorFixtures.date(now))
        try #require(two.count == 2)
        #expect(!GeneratorFixtures.differences(expected[1], two[1]).isEmpty)
        #expect(two[0]["nat"] as? String == "DE")
    }

    /// Ages are computed at `now`: just outside the capture window one of them is off by one.
    @Test(
        "ages move with now: outside the capture window an age differs",
        arguments: [
            ("2025-06-12T12:00:00Z", "dob.age"),  // the RS user turns 68 at 16:43 Chicago on June 12
            ("2025-06-29T12:00:00Z", "registered.age"),  // an NL registration turns 21 at 05:11 on June 29
        ])
    func agesFollowNow(now: String, field: String) throws {
        let capture = try GeneratorFixtures.capture("v1.4-mixed-10-users.json")
        let expected = try #require(capture["results"] as? [[String: Any]])
        let actual = try GeneratorFixtures.users(
            "seed=1e55a6ad8357689d&results=10", now: try GeneratorFixtures.date(now))
        let differences = zip(expected, actual).flatMap { GeneratorFixtures.differences($0, $1) }
        #expect(differences.count == 1)
        #expect(differences.first?.hasPrefix(field + ":") == true)
    }

    /// dca4d7167be9cb98 is a v1.3 capture (GB). v1.3 drew steps 1–17 in the same order from the
    /// same streams, so its first user agrees with v1.4 wherever the two versions' lists and
    /// templates agree. They differ in the password list, the dob/registered ranges (so dates,
    /// ages and hashes), and the GB cell template: 1.3's `07dd-ddd-ddd` draws one digit fewer
    /// than 1.4's `07ddd dddddd`, which shifts the postcode and NINO draws after it.
    @Test("v1.3 capture: the first user agrees on every field 1.3 and 1.4 share")
    func versionOnePointThree() throws {
        let capture = try GeneratorFixtures.capture("v1.3-gb-1-user.json")
        let expected = try #require((capture["results"] as? [[String: Any]])?.first)
        let actual = try #require(try GeneratorFixtures.users("seed=dca4d7167be9cb98&nat=gb").first)
        let shared: Set<String> = [
            "gender", "name.title", "name.first", "name.last", "location.street.number", "location.street.name",
            "location.city", "location.state", "location.country", "location.coordinates.latitude",
            "location.coordinates.longitude", "location.timezone.offset", "location.timezone.description", "email",
            "login.uuid", "login.username", "login.salt", "phone", "picture.large", "picture.medium",
            "picture.thumbnail", "nat",
        ]
        let left = GeneratorFixtures.leaves(expected)
        let right = GeneratorFixtures.leaves(actual)
        for path in shared.sorted() {
            #expect(left[path] != nil && left[path] == right[path], "\(path)")
        }
        // The cell digits 1.3 drew are the first digits 1.4 draws.
        let oldCell = (expected["cell"] as? String ?? "").filter(\.isNumber)
        let newCell = (actual["cell"] as? String ?? "").filter(\.isNumber)
        #expect(oldCell.count == 10 && newCell.hasPrefix(oldCell))
    }

    @Test("info echoes the capture's seed, results, page and version")
    func infoBlock() throws {
        let capture = try GeneratorFixtures.capture("v1.4-mixed-10-users.json")
        let info = try #require(capture["info"] as? [String: Any])
        let response = try GeneratorFixtures.json("seed=1e55a6ad8357689d&results=10")
        let actualInfo = try #require(response["info"] as? [String: Any])
        #expect(GeneratorFixtures.differences(info, actualInfo).isEmpty)
    }
}
