import EndlessHTTP
import Foundation

/// A person keeps the object it was read from: `endless fetch --format json` and the page
/// cache write it back as the service sent it (a v1.0 person with its unix-second `dob`, a
/// v1.1 one with its `"1993-02-08 11:04:13"`, each with the fields and key order of its version).
extension RandomUser: RawJSONRepresentable {
    /// The person's object as the service sent it; for a person made in code, its `Codable`
    /// encoding (the v1.4 shape).
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// Reads a person from one element of `results` and keeps it as ``rawJSON``.
    /// - Parameter rawJSON: the person's object.
    /// - Throws: `DecodingError` or ``RandomUserAPIError/unsupportedVersion(reported:)``, as
    ///   decoding a body does.
    public init(rawJSON: RawJSON) throws {
        if let person = FastResponseDecoder.user(rawJSON) {
            self = person
        } else {
            self = try JSONDecoder().decode(RandomUser.self, from: rawJSON.bytes).keeping(rawJSON)
        }
    }

    /// This person with the object it was read from.
    func keeping(_ object: RawJSON) -> RandomUser {
        var copy = self
        copy.sentJSON = object
        return copy
    }
}
