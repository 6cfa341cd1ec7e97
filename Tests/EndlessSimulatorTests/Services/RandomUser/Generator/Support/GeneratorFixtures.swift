import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The official data lists and the real captures in ../shared, located from this file.
enum GeneratorFixtures {
    /// The official lists and the real captures beside the repository (see ``SharedReferenceData``).
    static let dataDirectory = SharedReferenceData.officialData
    static let capturesDirectory = SharedReferenceData.fixtures

    /// The official lists, loaded once for every test.
    static let officialData: Result<GeneratorData, any Error> = Result {
        try GeneratorData.load(from: dataDirectory)
    }

    static func generator() throws -> RandomUserGenerator {
        RandomUserGenerator(data: try officialData.get())
    }

    /// A fixed instant for tests that do not care about ages.
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let portraitBase = RandomUserGenerator.livePortraitBaseURL

    /// Runs one query against the official data.
    static func respond(_ query: String, now: Date = now) throws -> GeneratedResponse {
        try generator().respond(toQuery: query, now: now, portraitBaseURL: portraitBase)
    }

    /// The body as text.
    static func text(_ query: String, now: Date = now) throws -> String {
        String(decoding: try respond(query, now: now).body, as: UTF8.self)
    }

    /// The JSON body parsed by Foundation.
    static func json(_ query: String, now: Date = now) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(try respond(query, now: now).body))
        return try #require(object as? [String: Any])
    }

    /// The `results` array of a JSON response.
    static func users(_ query: String, now: Date = now) throws -> [[String: Any]] {
        try #require(try json(query, now: now)["results"] as? [[String: Any]])
    }

    /// A capture's body, parsed.
    static func capture(_ name: String) throws -> [String: Any] {
        let data = try SharedReferenceData.data(at: capturesDirectory.appendingPathComponent(name))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Every leaf of a parsed JSON value by dotted path, typed (`s:` string, `n:` number,
    /// `null`), so that `"1"` and `1` differ.
    static func leaves(_ value: Any, prefix: String = "") -> [String: String] {
        var result: [String: String] = [:]
        switch value {
        case let object as [String: Any]:
            for (key, child) in object {
                result.merge(leaves(child, prefix: prefix.isEmpty ? key : prefix + "." + key)) { $1 }
            }
        case let array as [Any]:
            for (index, child) in array.enumerated() {
                result.merge(leaves(child, prefix: prefix + "[\(index)]")) { $1 }
            }
        case let string as String:
            result[prefix] = "s:" + string
        case let number as NSNumber:
            result[prefix] = "n:" + number.stringValue
        case is NSNull:
            result[prefix] = "null"
        default:
            result[prefix] = "?:\(value)"
        }
        return result
    }

    /// The paths whose values differ between two users (missing on either side included).
    static func differences(_ expected: [String: Any], _ actual: [String: Any]) -> [String] {
        let left = leaves(expected)
        let right = leaves(actual)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
            .map { "\($0): expected \(left[$0] ?? "nothing"), got \(right[$0] ?? "nothing")" }
    }

    /// An ISO-8601 instant.
    static func date(_ text: String) throws -> Date {
        let formatter = ISO8601DateFormatter()
        if text.contains(".") {
            formatter.formatOptions.insert(.withFractionalSeconds)
        }
        return try #require(formatter.date(from: text))
    }
}
