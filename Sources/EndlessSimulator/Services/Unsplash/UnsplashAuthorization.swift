/// The access key of an Unsplash API request: `Authorization: Client-ID <key>` (an app's key),
/// `Authorization: Bearer <token>` (a user's token) or the `client_id` query item.
///
/// The simulator cannot know which keys are real, so any well-formed one is accepted. What the
/// live service refuses with 401 `{"errors":["OAuth error: The access token is invalid"]}`, a
/// request with no key or with an `Authorization` header of another shape (`Client-ID` with
/// nothing after it, `Basic …`), is refused here the same way, with the same body.
enum UnsplashAuthorization {
    /// The live service's 401 body.
    static let invalidTokenBody = #"{"errors":["OAuth error: The access token is invalid"]}"#

    /// The key, or nil when the request has none or a malformed one.
    static func key(authorization: String?, query: QueryParameters) -> String? {
        if let header = authorization {
            let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, ["client-id", "bearer"].contains(parts[0].lowercased()) else { return nil }
            let key = parts[1].trimmingCharacters(in: .whitespaces)
            return key.isEmpty || key.contains(" ") ? nil : key
        }
        guard let key = query.last("client_id"), !key.isEmpty else { return nil }
        return key
    }
}
