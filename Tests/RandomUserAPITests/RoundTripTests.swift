import Foundation
import Testing

@testable import RandomUserAPI

/// Re-encoding writes the v1.4 shape, whatever version was read.
@Suite("Re-encoding gives the v1.4 shape")
struct RoundTripTests {
    private func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    private func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("a v1.4 body re-encodes to the same JSON value", arguments: [Fixtures.v14Mixed, Fixtures.v14Merged, Fixtures.v13])
    func v14IsUnchanged(_ name: String) throws {
        let original = try Fixtures.data(name)
        let reencoded = try encode(try Fixtures.response(name))
        let before = try object(original) as NSDictionary
        let after = try object(reencoded) as NSDictionary
        #expect(before == after)
    }

    @Test("a v1.0 person re-encodes with v1.4 keys, a street object and millisecond dates")
    func v10BecomesV14() throws {
        let response = try Fixtures.response(Fixtures.v10)
        let json = try object(try encode(response))
        let results = try #require(json["results"] as? [[String: Any]])
        let levi = try #require(results.first)
        #expect(Set(levi.keys) == ["name", "location", "email", "login", "dob", "registered", "phone", "cell", "id", "picture"])
        let location = try #require(levi["location"] as? [String: Any])
        let street = try #require(location["street"] as? [String: Any])
        #expect(street["number"] as? Int == 6738)
        #expect(street["name"] as? String == "lone wolf trail")
        #expect(location["postcode"] as? Int == 24560)
        let dob = try #require(levi["dob"] as? [String: Any])
        #expect(dob["date"] as? String == "1984-03-30T23:17:40.000Z")
        #expect(dob["age"] == nil)
        let registered = try #require(levi["registered"] as? [String: Any])
        #expect(registered["date"] as? String == "2013-05-28T17:27:40.000Z")
        let id = try #require(levi["id"] as? [String: Any])
        #expect(id["name"] as? String == "SSN")
        let info = try #require(json["info"] as? [String: Any])
        #expect(info["version"] as? String == "1.0")

        // And reading the v1.4 form back gives the same people, ids included.
        let again = try JSONDecoder().decode(RandomUserResponse.self, from: try encode(response))
        #expect(again == response)
    }

    @Test("postcodes keep their JSON type: 34954 stays a number, \"0246 PD\" stays text")
    func postcodeTypeSurvives() throws {
        let encoded = String(decoding: try encode(try Fixtures.response(Fixtures.v14Mixed)), as: UTF8.self)
        #expect(encoded.contains(#""postcode":"0246 PD""#))
        #expect(encoded.contains(#""postcode":15836"#))
        #expect(!encoded.contains(#""postcode":"15836""#))
    }

    @Test("a null id.value is written as an explicit null, as v1.4 does")
    func nullIDValue() throws {
        let person = RandomUser(nationalID: .init(name: "", value: nil))
        #expect(String(decoding: try encode(person), as: UTF8.self) == #"{"id":{"name":"","value":null}}"#)
    }

    @Test("a v1.1 string date is written as a v1.4 object")
    func v11Date() throws {
        let person = try Fixtures.decode(RandomUser.self, #"{"registered":"2009-07-05 07:19:53"}"#)
        #expect(String(decoding: try encode(person), as: UTF8.self) == #"{"registered":{"date":"2009-07-05T07:19:53.000Z"}}"#)
    }

    @Test("absent fields stay absent: an inc=name,nat person encodes only those")
    func absentStaysAbsent() throws {
        let person = try Fixtures.decode(RandomUser.self, #"{"name":{"first":"Aada"},"nat":"FI"}"#)
        #expect(String(decoding: try encode(person), as: UTF8.self) == #"{"name":{"first":"Aada"},"nat":"FI"}"#)
    }
}
