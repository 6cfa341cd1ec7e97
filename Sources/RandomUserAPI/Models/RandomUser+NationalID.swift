import EndlessHTTP

extension RandomUser {
    /// A national identity document, the JSON key `id`: `{"name": "BSN", "value": "15051860"}`.
    ///
    /// IR, NZ, TR and UA have none: the service sends `{"name": "", "value": null}`.
    public struct NationalID: Codable, Sendable, Equatable {
        /// The document's kind, e.g. `"SSN"`, `"NINO"`; `""` when there is none.
        public let name: String?
        /// The number; nil when the service sent null.
        public let value: String?

        /// Creates an identity document.
        /// - Parameters:
        ///   - name: the kind of document.
        ///   - value: its number, or nil for none.
        public init(name: String? = nil, value: String? = nil) {
            self.name = name
            self.value = value
        }

        enum CodingKeys: String, CodingKey { case name, value }

        /// Decodes `{name, value}`; a null or missing value reads as nil.
        /// - Parameter decoder: the decoder positioned at the `id` object.
        /// - Throws: `DecodingError` when `id` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(name: container.lenientString(.name), value: container.lenientString(.value))
        }

        /// Encodes the v1.4 shape, where a missing value is an explicit `null`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(name, forKey: .name)
            if let value {
                try container.encode(value, forKey: .value)
            } else {
                try container.encodeNil(forKey: .value)
            }
        }
    }
}
