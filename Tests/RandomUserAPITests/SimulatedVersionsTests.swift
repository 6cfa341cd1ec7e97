import EndlessHTTP
import EndlessSimulator
import Foundation
import Testing

@testable import RandomUserAPI

/// The simulator answers `/api/1.0/` … `/api/1.3/` in those versions' shapes, as the captures
/// in ../shared show them, with the same people as `/api/1.4/`; the client reads each, and
/// keeps each person as sent.
@Suite("Simulated API versions 1.0–1.3")
struct SimulatedVersionsTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)  // 2025-06-15

    /// One generator for the suite: reading the built-in lists is the slow part.
    static let generator = Result { RandomUserGenerator(data: try GeneratorData.builtIn(), bodyCache: nil) }

    static func body(_ version: RandomUserVersion, _ query: String) throws -> LiteralJSON {
        let answer = try generator.get().respond(
            toQuery: query, now: now, portraitBaseURL: "http://h/api/portraits/", version: version)
        return try LiteralJSON.parse(answer.body)
    }

    /// Keys in order and the kind of every value, recursively: what "the same shape" means.
    static func shape(_ value: LiteralJSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array(let elements): "[" + elements.map(shape).joined(separator: ",") + "]"
        case .object(let object): "{" + object.members.map { "\($0.key):\(shape($0.value))" }.joined(separator: ",") + "}"
        }
    }

    static func firstUser(_ body: LiteralJSON) throws -> LiteralJSON {
        try #require(body["results"]?.array?.first)
    }

    @Test("1.0 has the shape of the 1.0 capture: street as text, unix-second dates, registered before dob, no uuid")
    func version10() throws {
        let capture = try LiteralJSON.parse(try Fixtures.data(Fixtures.v10))
        let fields = "inc=name,location,email,login,registered,dob,phone,cell,id,picture"
        let simulated = try Self.body(.v1_0, "seed=shape&results=3&nat=us&\(fields)")
        for user in try #require(simulated["results"]?.array) {
            #expect(Self.shape(user) == Self.shape(try Self.firstUser(capture)))
        }
        #expect(simulated["info"]?["version"]?.string == "1.0")
        #expect(Self.shape(try #require(simulated["info"])) == Self.shape(try #require(capture["info"])))
    }

    @Test("1.3 has the shape of the 1.3 capture, ages a plain difference of years")
    func version13() throws {
        let capture = try LiteralJSON.parse(try Fixtures.data(Fixtures.v13))
        let simulated = try Self.body(.v1_3, "seed=shape&results=3&nat=gb")
        let user = try Self.firstUser(simulated)
        #expect(Self.shape(user) == Self.shape(try Self.firstUser(capture)))
        let date = try #require(user["dob"]?["date"]?.string)
        let year = try #require(Int(date.prefix(4)))
        #expect(user["dob"]?["age"]?.number?.int == 2025 - year)
        #expect(simulated["info"]?["version"]?.string == "1.3")
    }

    @Test("every version draws the same people as 1.4, written in its own shape")
    func samePeople() throws {
        let query = "seed=people&results=20"
        let current = try #require(try Self.body(.v1_4, query)["results"]?.array)
        for version in [RandomUserVersion.v1_0, .v1_1, .v1_2, .v1_3] {
            let older = try #require(try Self.body(version, query)["results"]?.array)
            #expect(older.count == current.count)
            for (old, new) in zip(older, current) {
                #expect(old["email"] == new["email"])
                #expect(old["phone"] == new["phone"] && old["id"] == new["id"] && old["picture"] == new["picture"])
                let lower = version < .v1_3
                let first = try #require(new["name"]?["first"]?.string)
                #expect(old["name"]?["first"]?.string == (lower ? first.lowercased() : first))
                let street = try #require(new["location"]?["street"])
                if lower {
                    let text = "\(street["number"]?.number?.literal ?? "") \(street["name"]?.string ?? "")".lowercased()
                    #expect(old["location"]?["street"]?.string == text)
                    #expect(old["location"]?["country"] == nil)
                } else {
                    #expect(old["location"]?["street"] == street)
                }
                #expect((old["login"]?["uuid"] != nil) == (version >= .v1_2))
                #expect((old["location"]?["coordinates"] != nil) == (version >= .v1_2))
                try Self.checkDates(old, new, version)
            }
        }
    }

    /// `dob` in the version's form, at the same instant as 1.4's (to the second; local time in
    /// 1.1 and 1.2).
    static func checkDates(_ old: LiteralJSON, _ new: LiteralJSON, _ version: RandomUserVersion) throws {
        let iso = try #require(new["dob"]?["date"]?.string)
        let instant = try #require(WireDate.parse(iso))
        switch version {
        case .v1_0:
            #expect(old["dob"]?.number?.int == Int(instant.timeIntervalSince1970.rounded(.down)))
            let keys = try #require(old.object?.keys)
            let registered = try #require(keys.firstIndex(of: "registered"))
            let dob = try #require(keys.firstIndex(of: "dob"))
            #expect(registered < dob)
        case .v1_1:
            let text = try #require(old["dob"]?.string)
            #expect(text.count == 19 && text.dropFirst(10).first == " ", "\(text)")
            let local = try #require(WireDate.parse(text), "\(text)")
            let behind = instant.timeIntervalSince1970.rounded(.down) - local.timeIntervalSince1970
            #expect(behind == 5 * 3600 || behind == 6 * 3600, "Chicago's wall clock, to the second: \(text) for \(iso)")
        case .v1_2:
            let text = try #require(old["dob"]?["date"]?.string)
            #expect(text.count == 20 && text.hasSuffix("Z") && !text.contains("."), "\(text)")
            #expect(old["dob"]?["age"]?.number != nil)
        default:
            #expect(old["dob"]?["date"]?.string == iso)
        }
    }

    @Test("the client reads every version the simulator sends, and each person keeps its object as sent")
    func clientReads() throws {
        for version in RandomUserVersion.allCases {
            let body = try Self.generator.get().respond(
                toQuery: "seed=read&results=10", now: Self.now, portraitBaseURL: "http://h/api/portraits/", version: version
            ).body
            let response = try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: Data(body))
            #expect(response.results.count == 10)
            #expect(response.results.allSatisfy { $0.dob?.date != nil && $0.location?.street?.name != nil }, "\(version)")
            let sent = try #require(try RawJSON(parsing: body)["results"]?.elements)
            #expect(response.results.map(\.rawJSON) == sent)
            #expect(response.rawJSON == (try RawJSON(parsing: body)))
        }
    }
}
