import EndlessHTTP
import Foundation

extension RandomUser {
    /// Portrait URLs, kept as the text the service sent so that one malformed URL does not
    /// fail a whole page; ``largeURL`` and friends parse them on demand.
    public struct Picture: Codable, Sendable, Equatable {
        /// The 128×128 portrait.
        public let large: String?
        /// The 72×72 portrait.
        public let medium: String?
        /// The 48×48 portrait.
        public let thumbnail: String?

        /// Creates portrait URLs.
        /// - Parameters:
        ///   - large: the 128×128 portrait URL.
        ///   - medium: the 72×72 portrait URL.
        ///   - thumbnail: the 48×48 portrait URL.
        public init(large: String? = nil, medium: String? = nil, thumbnail: String? = nil) {
            self.large = large
            self.medium = medium
            self.thumbnail = thumbnail
        }

        /// ``large`` as a URL; nil when absent or not a valid URL.
        public var largeURL: URL? { large.flatMap(URL.init(string:)) }
        /// ``medium`` as a URL; nil when absent or not a valid URL.
        public var mediumURL: URL? { medium.flatMap(URL.init(string:)) }
        /// ``thumbnail`` as a URL; nil when absent or not a valid URL.
        public var thumbnailURL: URL? { thumbnail.flatMap(URL.init(string:)) }

        enum CodingKeys: String, CodingKey { case large, medium, thumbnail }

        /// Decodes `{large, medium, thumbnail}`.
        /// - Parameter decoder: the decoder positioned at the `picture` object.
        /// - Throws: `DecodingError` when `picture` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                large: container.lenientString(.large), medium: container.lenientString(.medium),
                thumbnail: container.lenientString(.thumbnail))
        }

        /// Encodes `{large, medium, thumbnail}`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(large, forKey: .large)
            try container.encodeIfPresent(medium, forKey: .medium)
            try container.encodeIfPresent(thumbnail, forKey: .thumbnail)
        }
    }
}
