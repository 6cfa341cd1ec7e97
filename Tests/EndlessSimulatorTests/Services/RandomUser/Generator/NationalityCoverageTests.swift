import Foundation
import Testing

@testable import EndlessSimulator

@Suite("Every nationality generates valid output")
struct NationalityCoverageTests {
    @Test(
        "500 users of each nationality and of LEGO are valid JSON with the right nat", arguments: Nationality.allCases)
    func fiveHundredUsers(nationality: Nationality) throws {
        let query = nationality == .lego ? "seed=cov&lego&results=500" : "seed=cov&nat=\(nationality.code)&results=500"
        let response = try GeneratorFixtures.respond(query)
        #expect(response.userCount == 500)
        let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let users = try #require(object?["results"] as? [[String: Any]])
        #expect(users.count == 500)
        #expect(users.allSatisfy { $0["nat"] as? String == nationality.code })
        #expect(users.allSatisfy { $0.count == 12 })
        let emails = users.compactMap { $0["email"] as? String }
        #expect(emails.allSatisfy { $0.hasSuffix("@example.com") && !$0.contains(" ") && $0 == $0.lowercased() })
        // The tree-based formats share one walk; 100 users of each keep the debug suite quick.
        let smaller = query.replacingOccurrences(of: "results=500", with: "results=100")
        for format in ["pretty", "yaml", "xml", "csv"] {
            #expect(!(try GeneratorFixtures.respond(smaller + "&fmt=" + format).body.isEmpty))
        }
    }

    @Test("a random-nationality page of 5000 users covers all 21 codes")
    func randomNationalities() throws {
        let users = try GeneratorFixtures.users("seed=all&results=5000")
        #expect(Set(users.compactMap { $0["nat"] as? String }) == Set(Nationality.selectable.map(\.code)))
    }
}
