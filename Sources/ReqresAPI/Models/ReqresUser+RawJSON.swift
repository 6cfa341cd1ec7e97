import EndlessHTTP

/// A user keeps the object it was read from: `endless fetch users --format json` and the page
/// cache write it back as the service sent it.
extension ReqresUser: RawJSONRepresentable {
    /// The user's object as the service sent it; for a user made in code, its `Codable` encoding.
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// Reads a user from its object and keeps it as ``rawJSON``.
    /// - Parameter rawJSON: the user's object.
    /// - Throws: `HTTPError.decoding(path:reason:snippet:)` when it is not a user.
    public init(rawJSON: RawJSON) throws {
        self = try rawJSON.decode(ReqresUser.self).keeping(rawJSON)
    }

    /// This user with the object it was read from.
    func keeping(_ object: RawJSON) -> ReqresUser {
        var copy = self
        copy.sentJSON = object
        return copy
    }
}
