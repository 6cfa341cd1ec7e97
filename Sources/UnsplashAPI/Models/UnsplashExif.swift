import EndlessHTTP

/// A photo's camera settings, from `GET /photos/{id}`: every field may be null.
public struct UnsplashExif: Hashable, Sendable, Codable {
    /// The camera's maker, `Canon`.
    public let make: String?
    /// The camera's model, `Canon EOS 40D`.
    public let model: String?
    /// Maker and model together, `Canon, EOS 40D`.
    public let name: String?
    /// `1/250`.
    public let exposureTime: String?
    /// `2.8`.
    public let aperture: String?
    /// `50.0`.
    public let focalLength: String?
    /// `100`.
    public let iso: Int?

    enum CodingKeys: String, CodingKey {
        case make, model, name, aperture, iso
        case exposureTime = "exposure_time"
        case focalLength = "focal_length"
    }

    /// Creates camera settings.
    /// - Parameters:
    ///   - make: the camera's maker.
    ///   - model: its model.
    ///   - name: both, as one name.
    ///   - exposureTime: e.g. `1/250`.
    ///   - aperture: the f-number.
    ///   - focalLength: in millimetres.
    ///   - iso: the sensitivity.
    public init(
        make: String?, model: String?, name: String?, exposureTime: String?, aperture: String?, focalLength: String?,
        iso: Int?
    ) {
        self.make = make
        self.model = model
        self.name = name
        self.exposureTime = exposureTime
        self.aperture = aperture
        self.focalLength = focalLength
        self.iso = iso
    }

    /// Reads them tolerantly (the API sends some numbers as text and some as numbers).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            make: container.lenientString(.make), model: container.lenientString(.model), name: container.lenientString(.name),
            exposureTime: container.lenientString(.exposureTime), aperture: container.lenientString(.aperture),
            focalLength: container.lenientString(.focalLength), iso: container.lenientInt(.iso))
    }

    /// `Canon EOS R5 · 1/250 s · f/2.8 · 50 mm · ISO 100`, from what is known.
    public var summary: String? {
        var parts: [String] = []
        if let name = name ?? [make, model].compactMap({ $0 }).joined(separator: " ").nilIfEmpty { parts.append(name) }
        if let exposureTime { parts.append("\(exposureTime) s") }
        if let aperture { parts.append("f/\(aperture)") }
        if let focalLength { parts.append("\(focalLength) mm") }
        if let iso { parts.append("ISO \(iso)") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

/// Where a photo was taken, from `GET /photos/{id}`.
public struct UnsplashLocation: Hashable, Sendable, Codable {
    /// The place as one line, `Montreal, Canada`.
    public let name: String?
    /// The city.
    public let city: String?
    /// The country.
    public let country: String?

    /// Creates a location.
    /// - Parameters:
    ///   - name: the place, as the photographer named it.
    ///   - city: the city.
    ///   - country: the country.
    public init(name: String?, city: String?, country: String?) {
        self.name = name
        self.city = city
        self.country = country
    }

    /// Reads it tolerantly.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: container.lenientString(.name), city: container.lenientString(.city), country: container.lenientString(.country))
    }

    /// The name, else city and country.
    public var summary: String? {
        name?.nilIfEmpty ?? [city, country].compactMap { $0?.nilIfEmpty }.joined(separator: ", ").nilIfEmpty
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
