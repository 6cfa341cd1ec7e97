import EndlessHTTP

/// The answer of `GET users/{id}`: `{"data":{…},"support":{…}}`.
public struct ReqresSingleUser: Hashable, Sendable, Codable {
    /// The user.
    public private(set) var data: ReqresUser
    /// The service's support note, when it sent one.
    public let support: ReqresSupport?
    /// The body as sent (see ``rawJSON``); nil for an answer made in code.
    var sentJSON: RawJSON?

    /// The answer exactly as the service sent it; for one made in code, its `Codable` encoding.
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// This answer with the body it was read from, and the user with its `data` object.
    func keeping(_ body: RawJSON?) -> ReqresSingleUser {
        guard let body else { return self }
        var copy = self
        copy.sentJSON = body
        if body.members?.count(where: { $0.key == "data" }) == 1, let object = body["data"] { copy.data = data.keeping(object) }
        return copy
    }

    enum CodingKeys: String, CodingKey { case data, support }

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
