import EndlessHTTP

/// A photo keeps the object it was read from: `endless fetch photos --format json` and the
/// page cache write it back as the service sent it, with its place, tags, sponsorship and
/// whatever the model does not read, and without the fields it never had.
extension UnsplashPhoto: RawJSONRepresentable {
    /// The photo's object as the service sent it; for a photo made in code, its `Codable`
    /// encoding.
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// Reads a photo from its object and keeps it as ``rawJSON``.
    /// - Parameter rawJSON: the photo's object.
    /// - Throws: `HTTPError.decoding(path:reason:snippet:)` when it is not a photo.
    public init(rawJSON: RawJSON) throws {
        self = try rawJSON.decode(UnsplashPhoto.self).keeping(rawJSON)
    }

    /// This photo with the object it was read from.
    func keeping(_ object: RawJSON) -> UnsplashPhoto {
        var copy = self
        copy.sentJSON = object
        return copy
    }
}
