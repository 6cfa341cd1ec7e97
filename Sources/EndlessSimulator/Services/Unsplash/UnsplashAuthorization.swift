/// The access key of an Unsplash API request: `Authorization: Client-ID <key>` (an app's key),
/// `Authorization: Bearer <token>` (a user's token) or the `client_id` query item.
///
/// The simulator cannot know which keys are real, so any well-formed one is accepted. What the
/// live service refuses with 401 `{"errors":["OAuth error: The access token is invalid"]}`, a
/// request with no key or with an `Authorization` header of another shape (`Client-ID` with
/// nothing after it, `Basic …`), is refused here the same way, with the same body; so is a key
/// longer than ``maximumKeyLength`` (real keys and tokens are 43 characters).
enum UnsplashAuthorization {
    /// The live service's 401 body.
    static let invalidTokenBody = #"{"errors":["OAuth error: The access token is invalid"]}"#
    /// The longest key accepted, in bytes: several times a real one.
    static let maximumKeyLength = 256

    /// The key, or nil when the request has none or a malformed one.
    static func key(authorization: String?, query: QueryParameters) -> String? {
        let key: String
        if let header = authorization {
            let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, ["client-id", "bearer"].contains(parts[0].lowercased()) else { return nil }
            key = parts[1].trimmingCharacters(in: .whitespaces)
            guard !key.contains(" ") else { return nil }
        } else {
            key = query.last("client_id") ?? ""
        }
        return key.isEmpty || key.utf8.count > maximumKeyLength ? nil : key
    }
}
