import EndlessHTTP

extension RandomUser: Codable {
    enum CodingKeys: String, CodingKey {
        case gender, name, location, email, login, dob, registered, phone, cell
        case nationalID = "id"
        case picture, nat
        /// A 0.x body wraps each person as `{"user": {…}, "seed": …, "version": "0.x"}`.
        case legacyUser = "user"
        case legacyVersion = "version"
    }

    /// Decodes a person from any v1.x body.
    ///
    /// Tolerates every shape v1.0–1.4 have used (see the part types), any subset of fields
    /// (`inc`/`exc`), `null` where a value is missing, and unknown keys (ignored).
    ///
    /// - Parameter decoder: the decoder positioned at one element of `results`.
    /// - Throws: ``RandomUserAPIError/unsupportedVersion(reported:)`` for a 0.x element
    ///   (it would otherwise decode, silently, as a person with no fields), or
    ///   `DecodingError` when a part has an impossible shape.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.legacyUser), !container.contains(.name) {
            throw RandomUserAPIError.unsupportedVersion(reported: container.lenientString(.legacyVersion))
        }
        self.init(
            gender: container.lenientString(.gender),
            name: try container.lenientObject(Name.self, .name),
            location: try container.lenientObject(Location.self, .location),
            email: container.lenientString(.email),
            login: try container.lenientObject(Login.self, .login),
            dob: try container.lenientObject(DatedAge.self, .dob),
            registered: try container.lenientObject(DatedAge.self, .registered),
            phone: container.lenientString(.phone),
            cell: container.lenientString(.cell),
            nationalID: try container.lenientObject(NationalID.self, .nationalID),
            picture: try container.lenientObject(Picture.self, .picture),
            nat: container.lenientString(.nat))
    }

    /// Encodes the v1.4 shape: keys in the service's order (encoders that keep insertion
    /// order reproduce it), ISO 8601 dates with milliseconds, `street` as an object, the
    /// postcode with its original JSON type. Absent fields stay absent, as `exc` leaves them.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(gender, forKey: .gender)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(login, forKey: .login)
        try container.encodeIfPresent(dob, forKey: .dob)
        try container.encodeIfPresent(registered, forKey: .registered)
        try container.encodeIfPresent(phone, forKey: .phone)
        try container.encodeIfPresent(cell, forKey: .cell)
        try container.encodeIfPresent(nationalID, forKey: .nationalID)
        try container.encodeIfPresent(picture, forKey: .picture)
        try container.encodeIfPresent(nat, forKey: .nat)
    }
}
