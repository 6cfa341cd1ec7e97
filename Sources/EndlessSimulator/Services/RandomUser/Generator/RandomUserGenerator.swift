import Foundation

/// Answers randomuser.me v1.4 requests with the users the live service would return for the
/// same query (GENERATOR.md): same sanitizing, same seeded draws, same bytes in JSON; and
/// requests for versions 1.0–1.3 with the same people in those versions' shapes.
public struct RandomUserGenerator: Sendable {
    /// What picture URLs start with on the live service; the simulator passes its own host.
    public static let livePortraitBaseURL = "https://randomuser.me/api/portraits/"

    let data: GeneratorData
    /// Seeded pages already answered; nil generates every request.
    let bodyCache: SeededBodyCache?

    /// Creates a generator that draws from `data`.
    /// - Parameters:
    ///   - data: the lists, e.g. `try GeneratorData.builtIn()`.
    ///   - bodyCache: where the bodies of seeded pages are kept, so asking again is a lookup
    ///     (a new, default-sized cache unless given; nil generates every time).
    public init(data: GeneratorData, bodyCache: SeededBodyCache? = SeededBodyCache()) {
        self.data = data
        self.bodyCache = bodyCache
    }

    /// Answers one `/api/` request the way randomuser.me v1.4 does.
    ///
    /// - Parameters:
    ///   - query: the raw query string, still percent-encoded, without the leading `?`.
    ///   - now: the instant ages are computed at.
    ///   - portraitBaseURL: replaces `https://randomuser.me/api/portraits/` in picture URLs,
    ///     e.g. `http://127.0.0.1:41235/api/portraits/`.
    ///   - version: the API version whose shape the users are written in (the same people in
    ///     every version; see ``RandomUserVersion``).
    /// - Returns: the body, its content type and how many users it holds.
    /// - Throws: `GeneratorError` for the requests that crash the live service.
    public func respond(
        toQuery query: String, now: Date, portraitBaseURL: String, version: RandomUserVersion = .current
    ) throws(GeneratorError) -> GeneratedResponse {
        let request = try GeneratorRequest(QueryParameters(query)) { Seeding.makeDefaultSeed() }
        let ages = AgeCalculator(now: Self.milliseconds(now))
        // Only the current version's pages are kept: the cache knows its ages, not 1.3's.
        guard request.isSeeded, version == .current, let bodyCache else {
            return try generate(request, ages: ages, portraitBaseURL: portraitBaseURL, version: version).response
        }
        let key = SeededPageKey(request: request, portraitBaseURL: portraitBaseURL)
        if let cached = bodyCache.response(for: key, ages: ages) { return cached }
        let (response, users) = try generate(request, ages: ages, portraitBaseURL: portraitBaseURL)
        bodyCache.store(response, for: key, ageInstants: Self.ageInstants(of: users, request), ages: ages)
        return response
    }

    /// The answer to a seeded query whose body is in the cache (and still the one the clock
    /// gives), without generating anything; nil otherwise, including for queries that fail.
    ///
    /// - Parameters:
    ///   - query: the raw query string, still percent-encoded, without the leading `?`.
    ///   - now: the instant ages are computed at.
    ///   - portraitBaseURL: the picture URL base, as for ``respond(toQuery:now:portraitBaseURL:)``.
    /// - Returns: the cached response, or nil.
    public func cachedResponse(toQuery query: String, now: Date, portraitBaseURL: String) -> GeneratedResponse? {
        guard let bodyCache,
            let request = try? GeneratorRequest(QueryParameters(query), defaultSeed: { "" }), request.isSeeded
        else { return nil }
        let key = SeededPageKey(request: request, portraitBaseURL: portraitBaseURL)
        return bodyCache.response(for: key, ages: AgeCalculator(now: Self.milliseconds(now)), countsMiss: false)
    }

    /// Draws and encodes the users of `request`.
    private func generate(
        _ request: GeneratorRequest, ages: AgeCalculator, portraitBaseURL: String, version: RandomUserVersion = .current
    ) throws(GeneratorError) -> (response: GeneratedResponse, users: [GeneratedUser]) {
        var generator = UserGenerator(data: data, request: request)
        let users = try generator.generateAll()
        var encoder = ResponseEncoder(
            data: data, request: request, ages: ages, portraitBaseURL: portraitBaseURL, version: version)

        let format: ResponseFormat = request.photoshopExtension ? .json : request.format
        var body: [UInt8]
        if format == .json {
            var sink = CompactJSONSink(capacity: users.count * 1_100 + 128)
            encoder.encodeResponse(users, into: &sink)
            body = sink.makeBody()
        } else {
            var sink = ResponseTreeSink()
            encoder.encodeResponse(users, into: &sink)
            var text = TextBuffer(capacity: 64)
            switch format {
            case .pretty: PrettyJSONWriter.write(sink.root, to: &text)
            case .yaml: YAMLWriter.write(sink.root, to: &text)
            case .xml: XMLWriter.write(sink.root, to: &text)
            case .csv:
                if case .array(let results)? = sink.root["results"] {
                    CSVWriter.write(users: results, to: &text)
                }
            case .json: break
            }
            body = text.bytes
        }
        if let callback = request.callback, format.supportsCallback {
            var wrapped = TextBuffer(capacity: body.count + callback.utf8.count + 3)
            wrapped.append(utf8: callback)
            wrapped.append(UInt8(ascii: "("))
            wrapped.append(contentsOf: body)
            wrapped.append(");")
            body = wrapped.bytes
        }
        let response = GeneratedResponse(
            body: body,
            contentType: request.download ? ResponseFormat.downloadContentType : format.contentType,
            userCount: users.count,
            attachmentFilename: request.download ? "download.\(format.fileExtension)" : nil)
        return (response, users)
    }

    /// The instants whose ages the body shows (dob, registered), in any order: what decides
    /// whether a cached body is still the one the clock would give.
    static func ageInstants(of users: [GeneratedUser], _ request: GeneratorRequest) -> [Int64] {
        // The Photoshop shape has no dates; otherwise each included date shows its age.
        guard !request.photoshopExtension else { return [] }
        var instants: [Int64] = []
        let dob = request.fields.contains(.dob)
        let registered = request.fields.contains(.registered)
        instants.reserveCapacity(users.count * 2)
        for user in users {
            if dob { instants.append(user.dob) }
            if registered { instants.append(user.registered) }
        }
        return instants
    }

    /// JS's `Date.now()` for `now`, clamped to the ±8.64e15 ms a JS date can hold.
    static func milliseconds(_ date: Date) -> Int64 {
        let limit = 8.64e15
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value.isNaN ? 0 : Int64(min(max(value, -limit), limit))
    }
}
