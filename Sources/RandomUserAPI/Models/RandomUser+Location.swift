import EndlessHTTP

extension RandomUser {
    /// Where a person lives. The coordinates and time zone are drawn independently of the
    /// city, as the service does.
    public struct Location: Codable, Sendable, Equatable {
        /// House number and street name.
        public let street: Street?
        /// City or town.
        public let city: String?
        /// State, province or region.
        public let state: String?
        /// Country name in English; absent before v1.1.
        public let country: String?
        /// Postcode with the JSON type the server used.
        public let postcode: Postcode?
        /// Latitude and longitude, as strings with four decimals.
        public let coordinates: Coordinates?
        /// A UTC offset and a description of the zone.
        public let timezone: TimeZoneInfo?

        /// Creates a location.
        /// - Parameters:
        ///   - street: house number and street name.
        ///   - city: city or town.
        ///   - state: state or region.
        ///   - country: country name.
        ///   - postcode: the postcode, numeric or textual.
        ///   - coordinates: latitude and longitude.
        ///   - timezone: offset and description.
        public init(
            street: Street? = nil, city: String? = nil, state: String? = nil, country: String? = nil,
            postcode: Postcode? = nil, coordinates: Coordinates? = nil, timezone: TimeZoneInfo? = nil
        ) {
            self.street = street
            self.city = city
            self.state = state
            self.country = country
            self.postcode = postcode
            self.coordinates = coordinates
            self.timezone = timezone
        }

        enum CodingKeys: String, CodingKey {
            case street, city, state, country, postcode, coordinates, timezone
        }

        /// Decodes a location of any version; `street` may be a v1.0–1.2 string.
        /// - Parameter decoder: the decoder positioned at the `location` object.
        /// - Throws: `DecodingError` when `location` or one of its objects has the wrong shape.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // The v1.3+ object first: it is the common case, and a failed attempt costs an
            // error allocation per person.
            let street: Street?
            if let object = try? container.lenientObject(Street.self, .street) {
                street = object
            } else {
                street = container.lenientString(.street).map(Street.init(line:))
            }
            self.init(
                street: street, city: container.lenientString(.city),
                state: container.lenientString(.state), country: container.lenientString(.country),
                postcode: try container.lenientObject(Postcode.self, .postcode),
                coordinates: try container.lenientObject(Coordinates.self, .coordinates),
                timezone: try container.lenientObject(TimeZoneInfo.self, .timezone))
        }

        /// Encodes the v1.4 shape: `street` is always an object.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(street, forKey: .street)
            try container.encodeIfPresent(city, forKey: .city)
            try container.encodeIfPresent(state, forKey: .state)
            try container.encodeIfPresent(country, forKey: .country)
            try container.encodeIfPresent(postcode, forKey: .postcode)
            try container.encodeIfPresent(coordinates, forKey: .coordinates)
            try container.encodeIfPresent(timezone, forKey: .timezone)
        }
    }

    /// A street address line: `{"number": 7541, "name": "Hoveniersdreef"}` in v1.3+.
    public struct Street: Codable, Sendable, Equatable {
        /// The house number.
        public let number: Int?
        /// The street name.
        public let name: String?

        /// Creates a street address.
        /// - Parameters:
        ///   - number: the house number.
        ///   - name: the street name.
        public init(number: Int? = nil, name: String? = nil) {
            self.number = number
            self.name = name
        }

        /// Splits a v1.0–1.2 address line such as `"6738 lone wolf trail"` into its leading
        /// house number and the street name, so it re-encodes as the v1.4 object. A line that
        /// does not start with digits and a space is kept whole as the name.
        /// - Parameter line: the address line.
        public init(line: String) {
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            let rest = line.dropFirst(digits.count)
            if !digits.isEmpty, rest.first == " ", let number = Int(digits) {
                self.init(number: number, name: String(rest.dropFirst()))
            } else {
                self.init(number: nil, name: line)
            }
        }

        /// House number and name as one line, e.g. `"7541 Hoveniersdreef"`.
        public var line: String {
            [number.map(String.init), name].compactMap { $0 }.joined(separator: " ")
        }

        enum CodingKeys: String, CodingKey { case number, name }

        /// Decodes the v1.3+ street object.
        /// - Parameter decoder: the decoder positioned at the `street` object.
        /// - Throws: `DecodingError` when `street` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(number: container.lenientInt(.number), name: container.lenientString(.name))
        }

        /// Encodes `{number, name}`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(number, forKey: .number)
            try container.encodeIfPresent(name, forKey: .name)
        }
    }

    /// A latitude and longitude, kept as the strings the service sends (`"-47.7608"`), so
    /// re-encoding does not change their digits.
    public struct Coordinates: Codable, Sendable, Equatable {
        /// Latitude in degrees, as text.
        public let latitude: String?
        /// Longitude in degrees, as text.
        public let longitude: String?

        /// Creates coordinates.
        /// - Parameters:
        ///   - latitude: degrees north, as text.
        ///   - longitude: degrees east, as text.
        public init(latitude: String? = nil, longitude: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
        }

        enum CodingKeys: String, CodingKey { case latitude, longitude }

        /// Decodes coordinates given as strings or numbers.
        /// - Parameter decoder: the decoder positioned at the `coordinates` object.
        /// - Throws: `DecodingError` when `coordinates` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(latitude: container.lenientString(.latitude), longitude: container.lenientString(.longitude))
        }

        /// Encodes `{latitude, longitude}` as strings.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(latitude, forKey: .latitude)
            try container.encodeIfPresent(longitude, forKey: .longitude)
        }
    }

    /// A time zone as the service describes it: `{"offset": "+3:30", "description": "Tehran"}`.
    public struct TimeZoneInfo: Codable, Sendable, Equatable {
        /// The UTC offset, e.g. `"+5:30"`, `"0:00"` (no leading zero).
        public let offset: String?
        /// Cities in the zone, e.g. `"Bombay, Calcutta, Madras, New Delhi"`.
        public let description: String?

        /// Creates a time zone description.
        /// - Parameters:
        ///   - offset: the UTC offset as text.
        ///   - description: the cities in the zone.
        public init(offset: String? = nil, description: String? = nil) {
            self.offset = offset
            self.description = description
        }

        enum CodingKeys: String, CodingKey { case offset, description }

        /// Decodes `{offset, description}`.
        /// - Parameter decoder: the decoder positioned at the `timezone` object.
        /// - Throws: `DecodingError` when `timezone` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(offset: container.lenientString(.offset), description: container.lenientString(.description))
        }

        /// Encodes `{offset, description}`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(offset, forKey: .offset)
            try container.encodeIfPresent(description, forKey: .description)
        }
    }
}
