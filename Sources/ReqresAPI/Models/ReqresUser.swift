import EndlessHTTP
import Foundation

/// One reqres.in user, as the service sends it: `{"id":7,"email":…,"first_name":…,
/// "last_name":…,"avatar":…}`.
///
/// Read tolerantly: unknown fields are ignored, an `id` sent as text is read as a number, and a
/// missing or oddly typed text field is nil rather than a failed page. The object it was read
/// from is kept as ``rawJSON``; `Codable` encoding writes the typed fields with the API's names.
public struct ReqresUser: Identifiable, Hashable, Sendable, Codable {
    /// The user's number: what `GET users/{id}` takes.
    public let id: Int
    /// The email address, e.g. `george.bluth@reqres.in`.
    public let email: String?
    /// The first name (`first_name`).
    public let firstName: String?
    /// The last name (`last_name`).
    public let lastName: String?
    /// The avatar's address as sent; see ``avatarURL``.
    public let avatar: String?
    /// The user's object as the service sent it (see ``rawJSON``); nil for a user made in code.
    var sentJSON: RawJSON?

    enum CodingKeys: String, CodingKey {
        case id, email, avatar
        case firstName = "first_name"
        case lastName = "last_name"
    }

    /// Creates a user.
    /// - Parameters:
    ///   - id: the user's number.
    ///   - email: the email address.
    ///   - firstName: the first name.
    ///   - lastName: the last name.
    ///   - avatar: the avatar's URL, as text.
    public init(id: Int, email: String?, firstName: String?, lastName: String?, avatar: String?) {
        self.id = id
        self.email = email
        self.firstName = firstName
        self.lastName = lastName
        self.avatar = avatar
    }

    /// Reads a user; only `id` is required.
    /// - Throws: `DecodingError` when `id` is missing or not a whole number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard let id = container.lenientInt(.id) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: container.codingPath + [CodingKeys.id], debugDescription: "a user needs a whole-number id"))
        }
        self.id = id
        email = container.lenientString(.email)
        firstName = container.lenientString(.firstName)
        lastName = container.lenientString(.lastName)
        avatar = container.lenientString(.avatar)
    }

    /// `George Bluth`, or the email, or `user 7` when the names are missing.
    public var fullName: String {
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if let email, !email.isEmpty { return email }
        return "user \(id)"
    }

    /// The avatar as an http(s) URL; nil when absent or not one.
    public var avatarURL: URL? {
        guard let avatar, let url = URL(string: avatar), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }
}
