import EndlessHTTP

/// The answer of `GET users/{id}`: `{"data":{…},"support":{…}}`.
public struct ReqresSingleUser: Hashable, Sendable, Codable {
    /// The user.
    public let data: ReqresUser
    /// The service's support note, when it sent one.
    public let support: ReqresSupport?

    /// Creates the answer.
    /// - Parameters:
    ///   - data: the user.
    ///   - support: the support note.
    public init(data: ReqresUser, support: ReqresSupport?) {
        self.data = data
        self.support = support
    }

    /// Reads the answer; `support` is optional.
    /// - Throws: `DecodingError` when `data` is missing or not a user.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decode(ReqresUser.self, forKey: .data)
        support = try? container.decodeIfPresent(ReqresSupport.self, forKey: .support)
    }
}
