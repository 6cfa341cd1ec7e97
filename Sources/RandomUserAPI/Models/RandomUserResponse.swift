import EndlessHTTP

/// One randomuser.me response body: the people and what the server says about the request.
///
/// Count people with `results.count`, never with ``Info/results``: that is the number the
/// request asked for, and bodies exist (hand-merged fixtures, the 2026 live fault) where the
/// two disagree.
public struct RandomUserResponse: Codable, Sendable, Equatable {
    /// The people, in the order the server drew them. May repeat people (the service draws
    /// with replacement); key on ``RandomUser/id``.
    public private(set) var results: [RandomUser]
    /// The request as the server understood it; absent with `noinfo`.
    public let info: Info?
    /// The body as the server sent it (see ``rawJSON``); nil for a response made in code.
    var sentJSON: RawJSON?

    /// The body exactly as the server sent it (in its version's shape, with what no model
    /// reads); for a response made in code, its `Codable` encoding.
    public var rawJSON: RawJSON { sentJSON ?? (try? RawJSON(encoding: self)) ?? .null }

    /// Keeps the body this response was read from, and gives each person the bytes of the body
    /// at its range (what the fast reader found while reading it). In place: a page of 5,000
    /// people is not copied to do it.
    mutating func keep(_ body: RawJSON, people ranges: [Range<Int>]) {
        sentJSON = body
        guard ranges.count == results.count else { return }
        for index in results.indices {
            results[index].sentJSON = RawJSON(trusted: body.bytes.slice(ranges[index]))
        }
    }

    /// This response with the body it was read from, and each person with its element of
    /// `results` (when the body has one `results`, with as many as were read).
    func keeping(_ body: RawJSON?) -> RandomUserResponse {
        guard let body else { return self }
        var copy = self
        copy.sentJSON = body
        if body.members?.count(where: { $0.key == "results" }) == 1, let elements = body["results"]?.elements,
            elements.count == results.count
        {
            copy.results = zip(results, elements).map { $0.keeping($1) }
        }
        return copy
    }

    /// Creates a response.
    /// - Parameters:
    ///   - results: the people.
    ///   - info: the echo of the request.
    public init(results: [RandomUser], info: Info? = nil) {
        self.results = results
        self.info = info
    }

    /// The echo of the request in a response: seed, requested count, page and version.
    public struct Info: Codable, Sendable, Equatable {
        /// The seed the server used: the one given, or one it generated. Repeating the
        /// request with this seed and page reproduces the people.
        public let seed: String?
        /// The number of people the request asked for. **Not a count of ``results``**:
        /// compare the hand-merged fixture (2 people, `results: 1`) and the 2026 fault
        /// (0 people, `results: 1`).
        public let results: Int?
        /// The page the server used, after its own clamping (a bad page becomes 1).
        public let page: Int?
        /// The API version that answered, e.g. `"1.4"`.
        public let version: String?

        /// Creates request info.
        /// - Parameters:
        ///   - seed: the seed used.
        ///   - results: the requested count.
        ///   - page: the page used.
        ///   - version: the API version.
        public init(seed: String? = nil, results: Int? = nil, page: Int? = nil, version: String? = nil) {
            self.seed = seed
            self.results = results
            self.page = page
            self.version = version
        }

        enum CodingKeys: String, CodingKey { case seed, results, page, version }

        /// Decodes `info`; a fractional page (the service echoes `2.5`) reads as nil.
        /// - Parameter decoder: the decoder positioned at `info`.
        /// - Throws: `DecodingError` when `info` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                seed: container.lenientString(.seed), results: container.lenientInt(.results),
                page: container.lenientInt(.page), version: container.lenientString(.version))
        }

        /// Encodes `{seed, results, page, version}`.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(seed, forKey: .seed)
            try container.encodeIfPresent(results, forKey: .results)
            try container.encodeIfPresent(page, forKey: .page)
            try container.encodeIfPresent(version, forKey: .version)
        }
    }

    enum CodingKeys: String, CodingKey { case results, info, error }

    /// Decodes a body of any v1.x version.
    ///
    /// - Parameter decoder: the decoder positioned at the top-level object.
    /// - Throws: ``RandomUserAPIError`` when the body is the service's `{"error": "…"}`
    ///   (rate limit or outage; reported with status 200, since a decoder does not know the
    ///   real one: ``RandomUserResponseReader`` substitutes it) or a 0.x body;
    ///   `DecodingError` when `results` is missing or not an array.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.error), let message = container.lenientString(.error) {
            throw RandomUserAPIError.service(statusCode: 200, message: message)
        }
        self.init(
            results: try container.decode([RandomUser].self, forKey: .results),
            info: try? container.lenientObject(Info.self, .info))
    }

    /// Encodes the v1.4 response shape `{"results": […], "info": {…}}`.
    /// - Parameter encoder: the encoder to write to.
    /// - Throws: what the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(results, forKey: .results)
        try container.encodeIfPresent(info, forKey: .info)
    }
}
