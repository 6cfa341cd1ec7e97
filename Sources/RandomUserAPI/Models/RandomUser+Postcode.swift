extension RandomUser {
    /// A postcode as the service typed it: a JSON number for most nationalities, a string
    /// for GB, CA, NO and NL (`"K47 1GX"`, `"3436 TI"`).
    ///
    /// Kept as an enum, not flattened to text, so that re-encoding writes the same JSON type
    /// the server sent: a client that round-trips a body must not turn `34954` into
    /// `"34954"`, and NO postcodes such as `"0246"` must not lose their leading zero.
    public enum Postcode: Codable, Sendable, Hashable, CustomStringConvertible {
        /// A numeric postcode, e.g. `34954`.
        case number(Int)
        /// A textual postcode, e.g. `"K47 1GX"`.
        case text(String)

        /// The postcode as a person reads it.
        public var description: String {
            switch self {
            case .number(let value): String(value)
            case .text(let value): value
            }
        }

        /// Decodes a JSON number or string.
        /// - Parameter decoder: the decoder positioned at the postcode.
        /// - Throws: `DecodingError.typeMismatch` for anything else (an object, a bool).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                throw DecodingError.typeMismatch(
                    Postcode.self,
                    .init(codingPath: decoder.codingPath, debugDescription: "a postcode is a number or a string"))
            }
        }

        /// Encodes the postcode with the JSON type it arrived as.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }
}
