import Foundation
import Testing

@testable import EndlessSimulator

/// One test per rule of GENERATOR.md §1, observed through the response.
@Suite("Query sanitizing (GENERATOR.md §1)")
struct QuerySanitizingTests {
    private func info(_ query: String) throws -> [String: Any] {
        try #require(try GeneratorFixtures.json(query)["info"] as? [String: Any])
    }

    private func nats(_ query: String) throws -> Set<String> {
        Set(try GeneratorFixtures.users(query).compactMap { $0["nat"] as? String })
    }

    @Test(
        "results: JS Number(), integers 1...5000 only, anything else is 1",
        arguments: [
            ("", 1), ("results=", 1), ("results=%207%20", 7), ("results=0x10", 16), ("results=1e3", 1000),
            ("results=5.0", 5), ("results=2.5", 1), ("results=5001", 1), ("results=0", 1), ("results=-3", 1),
            ("results=abc", 1), ("results=5000", 5000), ("results=Infinity", 1),
        ])
    func results(query: String, expected: Int) throws {
        let response = try GeneratorFixtures.respond("seed=r&" + query)
        #expect(response.userCount == expected)
        #expect(try info("seed=r&" + query)["results"] as? Int == expected)
    }

    @Test("results is read before last-wins: a repeated results gives 1")
    func repeatedResults() throws {
        #expect(try GeneratorFixtures.respond("seed=r&results=5&results=7").userCount == 1)
        #expect(try GeneratorFixtures.respond("seed=r&results[]=5").userCount == 5)
    }

    @Test(
        "page: NaN, 0, negative and above 10000 become 1",
        arguments: ["page=abc", "page=0", "page=-0", "page=", "page=-2", "page=10001", "page=Infinity"])
    func badPage(query: String) throws {
        #expect(try info("seed=p&" + query)["page"] as? Int == 1)
        #expect(
            try GeneratorFixtures.text("seed=p&results=3&" + query) == (try GeneratorFixtures.text("seed=p&results=3")))
    }

    @Test("page: a fractional page is kept, echoed as a JS number and hashed as text")
    func fractionalPage() throws {
        #expect(try info("seed=p&page=2.5")["page"] as? Double == 2.5)
        #expect(try GeneratorFixtures.text("seed=p&page=2.50").contains("\"page\":2.5,"))
        let fractional = try GeneratorFixtures.users("seed=p&page=2.5&results=3")
        let concatenated = try GeneratorFixtures.users("seed=p2.5&results=3")
        #expect(GeneratorFixtures.differences(["r": fractional], ["r": concatenated]).isEmpty)
        #expect(try info("seed=p&page=1e1")["page"] as? Int == 10)
        #expect(try GeneratorFixtures.text("seed=p&page=0x0A&results=2").contains("\"page\":10,"))
    }

    @Test("seed + page concatenate: abc page 12 ≡ abc1 page 2 ≡ abc12 page 1")
    func pageSeedCollision() throws {
        let a = try GeneratorFixtures.users("seed=abc&page=12&results=5")
        let b = try GeneratorFixtures.users("seed=abc1&page=2&results=5")
        let c = try GeneratorFixtures.users("seed=abc12&results=5")
        #expect(GeneratorFixtures.differences(["r": a], ["r": b]).isEmpty)
        #expect(GeneratorFixtures.differences(["r": a], ["r": c]).isEmpty)
        let other = try GeneratorFixtures.users("seed=abc&page=13&results=5")
        #expect(!GeneratorFixtures.differences(["r": a], ["r": other]).isEmpty)
    }

    @Test("seed: an empty seed counts as no seed, and a fresh 16-character seed is drawn")
    func emptySeed() throws {
        let first = try #require(try info("seed=")["seed"] as? String)
        let second = try #require(try info("")["seed"] as? String)
        #expect(first.count == 16 && second.count == 16 && first != second)
    }

    @Test("gender: honoured only as exact male/female and only without a seed")
    func gender() throws {
        let genders = { (query: String) in
            Set(try GeneratorFixtures.users(query).compactMap { $0["gender"] as? String })
        }
        #expect(try genders("gender=female&results=40") == ["female"])
        #expect(try genders("gender=male&seed=&results=40") == ["male"])
        #expect(try genders("gender=female&seed=g&results=40") == ["male", "female"])
        #expect(try genders("gender=Female&results=60") == ["male", "female"])
    }

    @Test("nat: a valid list is kept (uppercased, duplicates weight the pick)")
    func natList() throws {
        #expect(try nats("seed=n&nat=us,gb&results=60") == ["US", "GB"])
        #expect(try nats("seed=n&nat=de&results=20") == ["DE"])
        let weighted = try GeneratorFixtures.users("seed=n&nat=us,us,gb&results=600").filter {
            $0["nat"] as? String == "US"
        }
        #expect((350...450).contains(weighted.count))
    }

    @Test(
        "nat: any invalid item drops the whole list (random nationalities)",
        arguments: ["nat=us,xx", "nat=%20gb", "nat=lego", "nat=us;gb"])
    func invalidNat(query: String) throws {
        #expect(try nats("seed=n&results=100&" + query).count > 10)
    }

    @Test("nat: nationality is used when nat is empty; nat wins when both are set")
    func nationalityAlias() throws {
        #expect(try nats("seed=n&nat=&nationality=fr&results=20") == ["FR"])
        #expect(try nats("seed=n&nat=es&nationality=fr&results=20") == ["ES"])
    }

    @Test("nat: a list of only commas is empty and the generator throws")
    func emptyNatList() throws {
        #expect(throws: GeneratorError.self) { try GeneratorFixtures.respond("seed=n&nat=,") }
        #expect(throws: GeneratorError.self) { try GeneratorFixtures.respond("nat=,,,&results=3") }
    }

    @Test("lego: present and not 'false' makes every user LEGO and appends -1 to info.seed")
    func lego() throws {
        #expect(try nats("seed=l&lego&nat=us&results=10") == ["LEGO"])
        #expect(try info("seed=l&lego=1")["seed"] as? String == "l-1")
        #expect(try nats("seed=l&lego=false&nat=us&results=10") == ["US"])
        let user = try #require(try GeneratorFixtures.users("seed=l&lego").first)
        let location = try #require(user["location"] as? [String: Any])
        #expect(location["country"] == nil)
        let picture = try #require((user["picture"] as? [String: Any])?["large"] as? String)
        #expect(picture.contains("/lego/"))
    }

    @Test(
        "18-character seed: the hex suffix picks the nat, overriding nat and lego",
        arguments: [
            ("0123456789abcdef04", "DE"), ("0123456789abcdef-0", "AU"), ("0123456789abcdef1g", "BR"),
            ("0123456789abcdef14", "US"), ("0123456789abcdef+f", "NO"), ("0123456789abcdef%20b", "IN"),
        ])
    func eighteenCharacterSeed(seed: String, nat: String) throws {
        #expect(try nats("seed=\(seed)&nat=fr&lego&results=10") == [nat])
        let decoded = QueryParameters.decode(Array(seed.utf8)[...])
        let infoSeed = try #require(try info("seed=\(seed)")["seed"] as? String)
        #expect(infoSeed.count == 20 && infoSeed.hasPrefix(decoded))
    }

    @Test("18-character seed: only the first 16 characters seed the streams")
    func eighteenCharacterStream() throws {
        // The faker stream (uuids) depends only on the seed text, not on the nationality.
        let uuids = { (query: String) in
            try GeneratorFixtures.users(query).map { ($0["login"] as? [String: Any])?["uuid"] as? String }
        }
        let de = try uuids("seed=0123456789abcdef04&results=3")
        #expect(de == (try uuids("seed=0123456789abcdef0a&results=3")))
        #expect(de == (try uuids("seed=0123456789abcdef&nat=ie&results=3")))
        #expect(de != (try uuids("seed=0123456789abcdeg04&results=3")))
    }

    @Test(
        "18-character seed: a suffix that is not a hex index below 21 throws",
        arguments: ["0123456789abcdefzz", "0123456789abcdef15", "0123456789abcdef-1", "0123456789abcdef0x"])
    func badEighteenCharacterSeed(seed: String) throws {
        #expect(throws: GeneratorError.self) { try GeneratorFixtures.respond("seed=\(seed)") }
    }

    @Test("inc and exc: split, trimmed, lowercased; unknown names ignored; exc removed from inc")
    func includeExclude() throws {
        let keys = { (query: String) in Set(try #require(try GeneratorFixtures.users("seed=i&" + query).first).keys) }
        #expect(try keys("inc=name,email") == ["name", "email"])
        #expect(try keys("inc=%20Name%20,,EMAIL,bogus") == ["name", "email"])
        #expect(try keys("exc=login,id") == Set(UserField.allCases.map(\.key)).subtracting(["login", "id"]))
        #expect(try keys("inc=name,email,nat&exc=email") == ["name", "nat"])
        #expect(try keys("inc=bogus").isEmpty)
        #expect(try keys("inc=") == Set(UserField.allCases.map(\.key)))
    }

    @Test("password: absent or empty picks from the list; a charset name generates")
    func passwordParameter() throws {
        #expect(
            try GeneratorFixtures.text("seed=w&results=5") == (try GeneratorFixtures.text("seed=w&results=5&password="))
        )
        #expect(
            try GeneratorFixtures.text("seed=w&results=5")
                == (try GeneratorFixtures.text("seed=w&results=5&password=8-9")))
        #expect(
            try GeneratorFixtures.text("seed=w&results=5")
                != (try GeneratorFixtures.text("seed=w&results=5&password=lower")))
    }

    @Test("format and fmt: format wins when non-empty, lowercased, unknown is JSON")
    func formatParameter() throws {
        #expect(try GeneratorFixtures.respond("seed=f&format=YAML").contentType.hasPrefix("text/x-yaml"))
        #expect(try GeneratorFixtures.respond("seed=f&fmt=xml").contentType.hasPrefix("text/xml"))
        #expect(try GeneratorFixtures.respond("seed=f&format=csv&fmt=xml").contentType.hasPrefix("text/csv"))
        #expect(try GeneratorFixtures.respond("seed=f&format=&fmt=xml").contentType.hasPrefix("text/xml"))
        #expect(try GeneratorFixtures.respond("seed=f&format=toml").contentType.hasPrefix("application/json"))
        #expect(
            try GeneratorFixtures.text("seed=f&fmt=prettyjson") == (try GeneratorFixtures.text("seed=f&fmt=pretty")))
    }

    @Test("noinfo: omits info, except when lego=false (the official code ties them)")
    func noinfo() throws {
        #expect(try GeneratorFixtures.json("seed=x&noinfo")["info"] == nil)
        #expect(try GeneratorFixtures.json("seed=x&noinfo&lego=false")["info"] != nil)
        #expect(try GeneratorFixtures.json("seed=x&noinfo&lego=true")["info"] == nil)
    }

    @Test("callback wraps JSON and pretty bodies (JSONP), not the other formats")
    func callback() throws {
        let plain = try GeneratorFixtures.text("seed=c")
        #expect(try GeneratorFixtures.text("seed=c&callback=handle") == "handle(" + plain + ");")
        #expect(try GeneratorFixtures.text("seed=c&callback=h&fmt=pretty").hasPrefix("h({\n"))
        #expect(try GeneratorFixtures.text("seed=c&callback=h&fmt=yaml").hasPrefix("results:"))
        #expect(try GeneratorFixtures.text("seed=c&callback=") == plain)
    }

    @Test("dl and download: an attachment named download.<ext>, sent as octet-stream")
    func download() throws {
        let json = try GeneratorFixtures.respond("seed=d&dl")
        #expect(json.attachmentFilename == "download.json")
        #expect(json.contentType == "application/octet-stream")
        #expect(try GeneratorFixtures.respond("seed=d&download&fmt=csv").attachmentFilename == "download.csv")
        #expect(try GeneratorFixtures.respond("seed=d").attachmentFilename == nil)
    }

    @Test("extension=true: the Photoshop plug-in shape over US and GB users")
    func photoshopExtension() throws {
        let response = try GeneratorFixtures.json("seed=e&extension=true&results=20")
        #expect(response["info"] == nil)
        let results = try #require(response["results"] as? [[String: Any]])
        #expect(results.count == 20)
        let user = try #require(results.first?["user"] as? [String: Any])
        #expect(Set(user.keys) == ["picture", "name"])
        #expect(Set((user["name"] as? [String: Any] ?? [:]).keys) == ["first", "last"])
    }

    @Test("qs decoding: + is a space, escapes are UTF-8, a malformed escape stays literal, last wins")
    func queryDecoding() throws {
        #expect(try info("seed=a+b")["seed"] as? String == "a b")
        #expect(try info("seed=a%20b")["seed"] as? String == "a b")
        #expect(try info("seed=%C3%B8")["seed"] as? String == "ø")
        #expect(try info("seed=%zz+1")["seed"] as? String == "%zz 1")
        #expect(try info("seed=%C3")["seed"] as? String == "%C3")
        #expect(try info("seed=first&seed=second")["seed"] as? String == "second")
        #expect(try info("seed=x&seed[]=y")["seed"] as? String == "y")
    }
}
