import EndlessSimulator
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// `endless fetch --format json` writes people directly; it must write JSONEncoder's bytes.
@Suite("The people JSON writer writes what JSONEncoder writes")
struct PeopleJSONWriterTests {
    static func expectSame(_ response: RandomUserResponse, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try FetchJSON.json(response)
        let written = PeopleJSONWriter.json(response)
        #expect(written == expected, sourceLocation: sourceLocation)
        if written != expected {
            let mine = Array(written.utf8), theirs = Array(expected.utf8)
            let first = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
            Issue.record("first difference at byte \(first): …\(String(decoding: mine[max(0, first - 40)..<min(mine.count, first + 40)], as: UTF8.self))…", sourceLocation: sourceLocation)
        }
    }

    @Test("the sample, hostile and empty responses")
    func samples() throws {
        try Self.expectSame(SampleResponses.small)
        try Self.expectSame(SampleResponses.hostile)
        try Self.expectSame(RandomUserResponse(results: []))
        try Self.expectSame(RandomUserResponse(results: [], info: .init()))
    }

    @Test("generated pages in every nationality, with and without fields")
    func generated() throws {
        let generator = RandomUserGenerator(data: try GeneratorData.builtIn(), bodyCache: nil)
        for query in ["seed=writer&results=300", "seed=writer&results=30&inc=name,id,nat", "seed=writer&results=30&noinfo&exc=login"] {
            let body = try generator.respond(toQuery: query, now: Date(), portraitBaseURL: "http://127.0.0.1:1/api/portraits/").body
            let response = try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: Data(body))
            try Self.expectSame(response)
        }
    }

    @Test("captured bodies of every version")
    func captures() throws {
        for name in ["v1.0-us-6-users.json", "v1.3-gb-1-user.json", "v1.4-mixed-10-users.json", "v1.4-de-nz-hand-merged.json"] {
            // A capture that cannot be read fails the test, naming its path: never a pass that checked nothing.
            let data = try SharedReferenceData.data(at: SharedReferenceData.fixtures.appendingPathComponent(name))
            try Self.expectSame(try JSONDecoder().decode(RandomUserResponse.self, from: data))
        }
    }

    @Test("odd people: empty parts, null id values, every control, DEL, C1, bidi, BOM, quotes, slashes and emoji")
    func oddPeople() throws {
        var text = ""
        for value in UInt32(0)...0xA0 { text.unicodeScalars.append(Unicode.Scalar(value) ?? "?") }
        text += "\u{061C}\u{200E}\u{200F}\u{2028}\u{2029}\u{202A}\u{202E}\u{2066}\u{2069}\u{FEFF}/\\\"é中😀"
        let people = [
            RandomUser(),
            RandomUser(
                name: .init(), location: .init(street: .init(), postcode: .number(-12), coordinates: .init(), timezone: .init()),
                login: .init(), dob: .init(), registered: .init(date: Date(timeIntervalSince1970: -1.5)), nationalID: .init(),
                picture: .init()),
            RandomUser(
                gender: text, name: .init(title: text, first: text, last: text),
                location: .init(street: .init(number: 0, name: text), city: text, postcode: .text(text)),
                email: text, login: .init(uuid: text, password: text), phone: text, cell: text,
                nationalID: .init(name: text, value: text), nat: text),
        ]
        try Self.expectSame(RandomUserResponse(results: people, info: .init(seed: text, results: -1, page: 0, version: "")))
    }
}
