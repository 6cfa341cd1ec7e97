import EndlessHTTP

extension RandomUser {
    /// A person's name, as the service sends it: v1.0 in lowercase (`"mr"`, `"levi"`), later
    /// versions capitalized, IR names in Persian script.
    public struct Name: Codable, Sendable, Equatable {
        /// `Mr`, `Ms`, `Mrs`, `Miss`, `Monsieur`, …
        public let title: String?
        /// Given name.
        public let first: String?
        /// Family name.
        public let last: String?

        /// Creates a name.
        /// - Parameters:
        ///   - title: the form of address.
        ///   - first: given name.
        ///   - last: family name.
        public init(title: String? = nil, first: String? = nil, last: String? = nil) {
            self.title = title
            self.first = first
            self.last = last
        }

        /// Title, first and last name joined by spaces, skipping the missing parts.
        public var full: String {
            [title, first, last].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        }

        enum CodingKeys: String, CodingKey { case title, first, last }

        /// Decodes a name; a missing or mistyped part reads as nil.
        /// - Parameter decoder: the decoder positioned at the `name` object.
        /// - Throws: `DecodingError` when `name` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                title: container.lenientString(.title), first: container.lenientString(.first),
                last: container.lenientString(.last))
        }

        /// Encodes the v1.4 shape, leaving out the parts that are nil.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(first, forKey: .first)
            try container.encodeIfPresent(last, forKey: .last)
        }
    }
}
