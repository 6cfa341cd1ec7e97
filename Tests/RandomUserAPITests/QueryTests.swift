import Foundation
import Testing

@testable import RandomUserAPI

@Suite("RandomUserQuery validation, one rule per test")
struct QueryValidationTests {
    @Test("results 1 and 5000 are accepted", arguments: [1, 5000])
    func resultsInRange(_ value: Int) throws {
        #expect(try RandomUserQuery(results: value).results == value)
    }

    @Test("results outside 1...5000 are refused", arguments: [0, -1, 5001, Int.max])
    func resultsOutOfRange(_ value: Int) {
        #expect(throws: RandomUserQueryError.resultsOutOfRange(value)) { try RandomUserQuery(results: value) }
    }

    @Test("page outside 1...10000 is refused", arguments: [0, -3, 10_001])
    func pageOutOfRange(_ value: Int) throws {
        #expect(throws: RandomUserQueryError.pageOutOfRange(value)) { try RandomUserQuery(page: value) }
        #expect(throws: RandomUserQueryError.pageOutOfRange(value)) { try RandomUserQuery().withPage(value) }
        #expect(try RandomUserQuery().withPage(10_000).page == 10_000)
    }

    @Test("an empty seed is refused")
    func emptySeed() {
        #expect(throws: RandomUserQueryError.emptySeed) { try RandomUserQuery(seed: "") }
        #expect(throws: RandomUserQueryError.emptySeed) { try RandomUserQuery().withSeed("") }
    }

    @Test("gender parses in any case; anything else is refused")
    func gender() throws {
        #expect(try RandomUserQuery.Gender(parsing: " Female ") == .female)
        #expect(try RandomUserQuery.Gender(parsing: "MALE") == .male)
        #expect(throws: RandomUserQueryError.unknownGender("other")) { try RandomUserQuery.Gender(parsing: "other") }
    }

    @Test("gender together with a seed is refused, since the service ignores it")
    func genderWithSeed() throws {
        #expect(throws: RandomUserQueryError.genderWithSeed) { try RandomUserQuery(seed: "abc", gender: .female) }
        #expect(throws: RandomUserQueryError.genderWithSeed) { try RandomUserQuery(gender: .male).withSeed("abc") }
        #expect(RandomUserQueryError.genderWithSeed.parameter == .gender)
    }

    @Test("nat accepts the 21 codes in any case, normalized and deduplicated")
    func nationalities() throws {
        #expect(RandomUserQuery.Nationality.allCases.count == 21)
        #expect(try RandomUserQuery.Nationality.parseList("us, Gb,nl,,US") == [.US, .GB, .NL])
        for code in RandomUserQuery.Nationality.allCases {
            #expect(try RandomUserQuery.Nationality(parsing: code.rawValue.lowercased()) == code)
        }
        #expect(try RandomUserQuery(nationalities: [.US, .US, .DE]).nationalities == [.US, .DE])
    }

    @Test("an unknown nationality is refused, naming it", arguments: ["xx", "LEGO", "u s", "usa"])
    func unknownNationality(_ code: String) {
        #expect(throws: RandomUserQueryError.unknownNationality(code)) {
            try RandomUserQuery.Nationality.parseList("us,\(code)")
        }
    }

    @Test("inc and exc accept the 12 field names in any case")
    func fields() throws {
        #expect(RandomUserQuery.Field.allCases.count == 12)
        #expect(try RandomUserQuery.Field.parseList("Name,EMAIL, login,name", for: .inc) == [.name, .email, .login])
    }

    @Test("an unknown field name is refused, naming the parameter")
    func unknownField() {
        #expect(throws: RandomUserQueryError.unknownField("age", parameter: .inc)) {
            try RandomUserQuery.Field.parseList("name,age", for: .inc)
        }
        #expect(throws: RandomUserQueryError.unknownField("username", parameter: .exc)) {
            try RandomUserQuery.Field.parseList("username", for: .exc)
        }
    }

    @Test("inc and exc that leave no field are refused")
    func noFieldsLeft() throws {
        #expect(throws: RandomUserQueryError.noFieldsLeft) { try RandomUserQuery(included: [.name], excluded: [.name]) }
        #expect(throws: RandomUserQueryError.noFieldsLeft) { try RandomUserQuery(excluded: RandomUserQuery.Field.allCases) }
        #expect(try RandomUserQuery(included: [.name, .email], excluded: [.email]).included == [.name, .email])
    }

    @Test("password specs: sets in order, a length N or MIN-MAX within 1-64")
    func password() throws {
        let spec = try RandomUserQuery.PasswordSpec(parsing: "upper,lower,8-16")
        #expect(spec.characterSets == [.upper, .lower])
        #expect(spec.length == 8...16)
        #expect(spec.queryValue == "upper,lower,8-16")
        #expect(try RandomUserQuery.PasswordSpec(parsing: "number,5").queryValue == "number,5")
        #expect(try RandomUserQuery.PasswordSpec(parsing: "special, upper").length == nil)
    }

    @Test(
        "bad password specs are refused",
        arguments: ["", "8-16", "upper,70", "upper,0", "upper,16-8", "upper,emoji", "upper,8-,lower", "upper,8-16-20"])
    func badPassword(_ text: String) {
        #expect {
            try RandomUserQuery.PasswordSpec(parsing: text)
        } throws: { error in
            guard case .invalidPassword(let value, _) = error as? RandomUserQueryError else { return false }
            return value == text || text.isEmpty
        }
    }

    @Test("API versions 1.0-1.4, with or without a v")
    func version() throws {
        #expect(try RandomUserQuery.APIVersion(parsing: "v1.3") == .v1_3)
        #expect(try RandomUserQuery.APIVersion(parsing: "1.0") == .v1_0)
        #expect(throws: RandomUserQueryError.unknownVersion("0.8")) { try RandomUserQuery.APIVersion(parsing: "0.8") }
        #expect(throws: RandomUserQueryError.unknownVersion("1.5")) { try RandomUserQuery.APIVersion(parsing: "1.5") }
    }

    @Test(
        "base URLs must be absolute http(s) without a query",
        arguments: ["ftp://randomuser.me/api/", "file:///tmp/api/", "https://randomuser.me/api/?results=3", "/api/"])
    func badBaseURL(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect {
            try RandomUserQuery(baseURL: url)
        } throws: { error in
            (error as? RandomUserQueryError)?.parameter == .baseURL
        }
    }

    @Test("a versioned base URL and a different query version conflict")
    func baseVersionConflict() throws {
        let url = try #require(URL(string: "https://randomuser.me/api/1.3/"))
        #expect(throws: RandomUserQueryError.self) { try RandomUserQuery(baseURL: url, version: .v1_4) }
        #expect(try RandomUserQuery(baseURL: url, version: .v1_3).path == "")
    }

    @Test("errors say which parameter, what was wrong and what is allowed")
    func errorText() {
        let error = RandomUserQueryError.unknownNationality("xx")
        #expect(error.parameter == .nat)
        #expect(error.description.hasPrefix("nat: \"xx\" is not a nationality code"))
        #expect(error.description.contains("allowed: AU BR CA CH DE DK ES FI FR GB IE IN IR MX NL NO NZ RS TR UA US"))
        #expect(
            RandomUserQueryError.resultsOutOfRange(0).description
                == "results: 0 is out of range (the service would silently return 1 person); allowed: a whole number from 1 to 5000")
    }
}

@Suite("RandomUserQuery requests: items, path, URL")
struct QueryRequestTests {
    @Test("the default base URL is the live API root")
    func defaultBase() {
        #expect(RandomUserQuery.defaultBaseURL.absoluteString == "https://randomuser.me/api/")
    }

    @Test("query items in a fixed order, unset ones left out")
    func items() throws {
        let query = try RandomUserQuery(
            results: 50, page: 2, seed: "endless", nationalities: [.NL, .GB], included: [.name, .email, .login],
            excluded: [.email], password: .init(characterSets: [.upper, .number], length: 10...12))
        #expect(
            query.queryItems.map { "\($0.name)=\($0.value ?? "")" } == [
                "results=50", "page=2", "seed=endless", "nat=NL,GB", "inc=name,email,login", "exc=email",
                "password=upper,number,10-12",
            ])
        #expect(try RandomUserQuery().queryItems.isEmpty)
        #expect(try RandomUserQuery(gender: .female).queryItems == [URLQueryItem(name: "gender", value: "female")])
    }

    @Test(
        "paths never repeat api/, whatever the base URL",
        arguments: [
            ("https://randomuser.me/api/", nil, "", "https://randomuser.me/api/"),
            ("https://randomuser.me/api/", "1.4", "1.4/", "https://randomuser.me/api/1.4/"),
            ("https://randomuser.me/api", "1.0", "1.0/", "https://randomuser.me/api/1.0/"),
            ("https://randomuser.me/", nil, "api/", "https://randomuser.me/api/"),
            ("http://127.0.0.1:41235", "1.4", "api/1.4/", "http://127.0.0.1:41235/api/1.4/"),
            ("http://host/prefix/", "1.2", "api/1.2/", "http://host/prefix/api/1.2/"),
            ("http://host/prefix/api/", nil, "", "http://host/prefix/api/"),
            ("https://randomuser.me/api/1.3/", nil, "", "https://randomuser.me/api/1.3/"),
        ] as [(String, String?, String, String)])
    func paths(base: String, version: String?, path: String, url: String) throws {
        let query = try RandomUserQuery(
            baseURL: try #require(URL(string: base)), version: try version.map(RandomUserQuery.APIVersion.init(parsing:)))
        #expect(query.path == path)
        #expect(query.url.absoluteString == url)
    }

    @Test("the URL percent-encodes query values strictly (a + in a seed is not a space)")
    func encoding() throws {
        let query = try RandomUserQuery(results: 3, seed: "a+b c&d/é", nationalities: [.US, .GB])
        #expect(query.url.absoluteString == "https://randomuser.me/api/?results=3&seed=a%2Bb%20c%26d%2F%C3%A9&nat=US,GB")
    }
}
