import EndlessTesting
import Foundation
import Testing

@testable import RandomUserAPI

/// Reads the captured randomuser.me bodies in ../shared/fixtures/randomuser.
enum Fixtures {
    /// `shared/fixtures/randomuser` beside the repository (see ``SharedReferenceData``).
    static let directory = SharedReferenceData.fixtures

    static let v10 = "v1.0-us-6-users.json"
    static let v13 = "v1.3-gb-1-user.json"
    static let v14Mixed = "v1.4-mixed-10-users.json"
    static let v14Merged = "v1.4-de-nz-hand-merged.json"
    static let all = [v10, v13, v14Mixed, v14Merged]

    /// A capture's bytes; a missing file fails, naming its path.
    static func data(_ name: String) throws -> Data {
        try SharedReferenceData.data(at: directory.appendingPathComponent(name))
    }

    static func response(_ name: String) throws -> RandomUserResponse {
        try JSONDecoder().decode(RandomUserResponse.self, from: data(name))
    }

    /// Decodes a JSON literal written in a test.
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }
}

/// Whole milliseconds since 1970: dates compare as exact instants, not as doubles.
func epochMilliseconds(_ date: Date?) -> Int64? {
    date.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
}

/// A one-user v1.4 response body around `userJSON`.
func oneUserBody(_ userJSON: String) -> Data {
    Data(#"{"results":[\#(userJSON)],"info":{"seed":"s","results":1,"page":1,"version":"1.4"}}"#.utf8)
}
