import EndlessHTTP
import Foundation

extension RandomUser {
    /// A date with the age in whole years the server computed from it (`dob`, `registered`).
    ///
    /// The service has sent four shapes, all decoded here:
    /// - v1.3+: `{"date": "1951-11-01T17:49:27.423Z", "age": 69}` (ISO 8601 with milliseconds)
    /// - v1.2: `{"date": "1983-07-14T07:29:45Z", "age": 35}` (without milliseconds)
    /// - v1.1: `"1968-06-11 04:46:39"` (a bare string, no zone: read as UTC, no age)
    /// - v1.0: `449536660` (unix seconds, no age)
    ///
    /// Encoding always writes the v1.4 object with a millisecond ISO 8601 UTC date. `age` is
    /// left out when the server did not send one: it depends on the moment of the request,
    /// so inventing it would make encoding depend on the clock.
    public struct DatedAge: Codable, Sendable, Equatable {
        /// The instant; nil when the object had no `date`.
        public let date: Date?
        /// Whole years between `date` and the moment the server answered.
        public let age: Int?

        /// Creates a dated age.
        /// - Parameters:
        ///   - date: the instant.
        ///   - age: whole years since it, as the server computed them.
        public init(date: Date? = nil, age: Int? = nil) {
            self.date = date
            self.age = age
        }

        /// ``date`` in the v1.4 form, `1951-11-01T17:49:27.423Z` (UTC, milliseconds): what
        /// encoding writes, for front ends that show or export it.
        public var isoDate: String? { date.map(WireDate.format) }

        enum CodingKeys: String, CodingKey { case date, age }

        /// Decodes any of the four shapes listed on the type.
        /// - Parameter decoder: the decoder positioned at `dob` or `registered`.
        /// - Throws: `DecodingError.dataCorrupted` for a date string in none of the known
        ///   forms (its text is in the message), `typeMismatch` for a value of another type.
        public init(from decoder: any Decoder) throws {
            if let container = try? decoder.container(keyedBy: CodingKeys.self) {
                let date: Date?
                // Text first: it is what v1.2+ send, and a failed attempt allocates an error.
                if let text = try? container.decodeIfPresent(String.self, forKey: .date) {
                    date = try Self.parse(text, codingPath: decoder.codingPath + [CodingKeys.date])
                } else if let seconds = try? container.decodeIfPresent(Int.self, forKey: .date) {
                    date = try Self.date(unixSeconds: seconds, codingPath: decoder.codingPath + [CodingKeys.date])
                } else {
                    date = nil
                }
                self.init(date: date, age: container.lenientInt(.age))
                return
            }
            let value = try decoder.singleValueContainer()
            if let seconds = try? value.decode(Int.self) {
                self.init(date: try Self.date(unixSeconds: seconds, codingPath: decoder.codingPath))
            } else if let text = try? value.decode(String.self) {
                self.init(date: try Self.parse(text, codingPath: decoder.codingPath))
            } else {
                throw DecodingError.typeMismatch(
                    DatedAge.self,
                    .init(
                        codingPath: decoder.codingPath,
                        debugDescription: "expected {date, age}, a date string or unix seconds"))
            }
        }

        /// Encodes `{"date": "…T…Z" with milliseconds, "age": n}`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(date.map(WireDate.format), forKey: .date)
            try container.encodeIfPresent(age, forKey: .age)
        }

        /// v1.0's unix seconds, refused beyond the years a date string can hold (as an
        /// impossible date string is), so no later conversion of the instant can overflow.
        private static func date(unixSeconds seconds: Int, codingPath: [any CodingKey]) throws -> Date {
            guard WireDate.unixSecondsRange.contains(seconds) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription: "\(seconds) unix seconds is outside the years 0000–9999"))
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }

        private static func parse(_ text: String, codingPath: [any CodingKey]) throws -> Date {
            guard let date = WireDate.parse(text) else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: codingPath,
                        debugDescription:
                            "\"\(text.prefix(40))\" is not a date in a form randomuser.me uses "
                            + "(ISO 8601, \"YYYY-MM-DD HH:mm:ss\" or unix seconds)"))
            }
            return date
        }
    }
}
