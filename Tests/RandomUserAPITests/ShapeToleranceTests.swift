import Foundation
import Testing

@testable import RandomUserAPI

/// The shapes v1.0–1.4 have used, one at a time, beyond what the fixtures happen to hold.
@Suite("Models tolerate every v1.x shape")
struct ShapeToleranceTests {
    private func user(_ json: String) throws -> RandomUser {
        try Fixtures.decode(RandomUser.self, json)
    }

    @Test("postcode as a number and as a string")
    func postcodeTypes() throws {
        #expect(try user(#"{"location":{"postcode":34954}}"#).location?.postcode == .number(34954))
        #expect(try user(#"{"location":{"postcode":"K47 1GX"}}"#).location?.postcode == .text("K47 1GX"))
        #expect(try user(#"{"location":{"postcode":"0246"}}"#).location?.postcode == .text("0246"))
        #expect(try user(#"{"location":{"postcode":null}}"#).location?.postcode == nil)
    }

    @Test("postcode of another type is an error with its path")
    func postcodeOfWrongType() {
        #expect(throws: DecodingError.self) { try user(#"{"location":{"postcode":{"a":1}}}"#) }
    }

    @Test("id.value null or missing reads as nil")
    func nullIDValue() throws {
        #expect(try user(#"{"id":{"name":"","value":null}}"#).nationalID == .init(name: "", value: nil))
        #expect(try user(#"{"id":{"name":"TFN"}}"#).nationalID == .init(name: "TFN", value: nil))
    }

    @Test("street as a v1.0–1.2 string, with and without a house number")
    func streetString() throws {
        #expect(try user(#"{"location":{"street":"6738 lone wolf trail"}}"#).location?.street == .init(number: 6738, name: "lone wolf trail"))
        #expect(try user(#"{"location":{"street":"rue de la paix"}}"#).location?.street == .init(number: nil, name: "rue de la paix"))
        #expect(try user(#"{"location":{"street":"12b baker st"}}"#).location?.street == .init(number: nil, name: "12b baker st"))
    }

    @Test("street as a v1.3+ object, number given as text")
    func streetObject() throws {
        #expect(
            try user(#"{"location":{"street":{"number":7541,"name":"Hoveniersdreef"}}}"#).location?.street
                == .init(number: 7541, name: "Hoveniersdreef"))
        #expect(try user(#"{"location":{"street":{"number":"12","name":"Jasker"}}}"#).location?.street == .init(number: 12, name: "Jasker"))
    }

    @Test(
        "dates in every form decode to the same kind of exact instant",
        arguments: [
            (#"{"dob":{"date":"1951-11-01T17:49:27.423Z","age":69}}"#, Int64(-573_286_232_577), 69 as Int?),
            (#"{"dob":{"date":"1983-07-14T07:29:45Z","age":35}}"#, 427_015_785_000, 35),
            (#"{"dob":"1968-06-11 04:46:39"}"#, -49_144_401_000, nil),
            (#"{"dob":449536660}"#, 449_536_660_000, nil),
            (#"{"dob":{"date":449536660}}"#, 449_536_660_000, nil),
            (#"{"dob":{"date":"1983-07-14T09:29:45+02:00","age":"35"}}"#, 427_015_785_000, 35),
        ])
    func dateForms(json: String, milliseconds: Int64, age: Int?) throws {
        let person = try user(json)
        #expect(epochMilliseconds(person.dob?.date) == milliseconds)
        #expect(person.dob?.age == age)
    }

    @Test("an unreadable date names its path and text")
    func badDate() {
        do {
            _ = try user(#"{"registered":{"date":"yesterday","age":3}}"#)
            Issue.record("expected a decoding error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["registered", "date"])
            #expect(context.debugDescription.contains("\"yesterday\""))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test(
        "unix seconds beyond the years a date string can hold are an error, not a crash later",
        arguments: [
            #"{"registered":9223372036854775807}"#, #"{"registered":{"date":-9223372036854775808}}"#,
            #"{"registered":253402300800}"#,
        ])
    func unixSecondsOutOfRange(json: String) {
        // Before: decoding succeeded, and the identity hash or re-encoding of the person
        // trapped converting the instant to Int64 milliseconds.
        do {
            let person = try user(json)
            Issue.record("expected a decoding error, got \(person.id)")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.first?.stringValue == "registered")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("the last second a date string can hold still reads as unix seconds")
    func unixSecondsAtTheEdge() throws {
        let person = try user(#"{"registered":253402300799}"#)
        #expect(person.registered?.isoDate == "9999-12-31T23:59:59.000Z")
    }

    @Test("every field may be missing: an inc=name person and an empty one")
    func missingFields() throws {
        let named = try user(#"{"name":{"title":"Ms","first":"Aada","last":"Lehtonen"}}"#)
        #expect(named.name?.full == "Ms Aada Lehtonen")
        #expect(named.gender == nil && named.nat == nil && named.login == nil && named.location == nil)
        #expect(named.dob == nil && named.picture == nil && named.nationalID == nil)
        let empty = try user("{}")
        #expect(empty == RandomUser())
    }

    @Test("null values read as missing")
    func nullValues() throws {
        let person = try user(#"{"gender":null,"name":null,"email":null,"login":{"uuid":null}}"#)
        #expect(person.gender == nil && person.name == nil && person.email == nil)
        #expect(person.login == .init())
    }

    @Test("unknown keys are ignored at every level")
    func unknownKeys() throws {
        let person = try user(
            #"{"gender":"female","lego":true,"name":{"first":"Olive","middle":"X"},"location":{"city":"Lower Hutt","zip":"7"},"extra":[1,2]}"#)
        #expect(person.gender == "female")
        #expect(person.name == .init(first: "Olive"))
        #expect(person.location == .init(city: "Lower Hutt"))
        let response = try Fixtures.decode(
            RandomUserResponse.self, #"{"results":[],"info":{"seed":"a","results":0,"page":1,"version":"1.4","took":"3ms"},"meta":{}}"#)
        #expect(response.info?.seed == "a")
    }

    @Test("coordinates and info fields of a numeric type are read as text")
    func numericStrings() throws {
        let person = try user(#"{"location":{"coordinates":{"latitude":-47.7608,"longitude":12}}}"#)
        #expect(person.location?.coordinates == .init(latitude: "-47.7608", longitude: "12"))
        let response = try Fixtures.decode(
            RandomUserResponse.self, #"{"results":[],"info":{"seed":42,"results":"3","page":2.5,"version":1.4}}"#)
        #expect(response.info == .init(seed: "42", results: 3, page: nil, version: "1.4"))
    }

    @Test("a response without results is not a response")
    func missingResults() {
        #expect(throws: DecodingError.self) {
            try Fixtures.decode(RandomUserResponse.self, #"{"info":{"results":1}}"#)
        }
    }

    @Test("info may be missing (noinfo)")
    func missingInfo() throws {
        let response = try Fixtures.decode(RandomUserResponse.self, #"{"results":[{"nat":"FI"}]}"#)
        #expect(response.info == nil)
        #expect(response.results.first?.nat == "FI")
    }
}
