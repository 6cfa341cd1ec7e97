import Foundation

/// Answers randomuser.me v1.4 requests with the users the live service would return for the
/// same query (GENERATOR.md): same sanitizing, same seeded draws, same bytes in JSON.
public struct RandomUserGenerator: Sendable {
    /// What picture URLs start with on the live service; the simulator passes its own host.
    public static let livePortraitBaseURL = "https://randomuser.me/api/portraits/"

    let data: GeneratorData

    /// Creates a generator that draws from `data`.
    /// - Parameter data: the lists, e.g. `try GeneratorData.builtIn()`.
    public init(data: GeneratorData) {
        self.data = data
    }

    /// Answers one `/api/` request the way randomuser.me v1.4 does.
    ///
    /// - Parameters:
    ///   - query: the raw query string, still percent-encoded, without the leading `?`.
    ///   - now: the instant ages are computed at.
    ///   - portraitBaseURL: replaces `https://randomuser.me/api/portraits/` in picture URLs,
    ///     e.g. `http://127.0.0.1:41235/api/portraits/`.
    /// - Returns: the body, its content type and how many users it holds.
    /// - Throws: `GeneratorError` for the requests that crash the live service.
    public func respond(
        toQuery query: String, now: Date, portraitBaseURL: String
    ) throws(GeneratorError) -> GeneratedResponse {
        let request = try GeneratorRequest(QueryParameters(query)) { Seeding.makeDefaultSeed() }
        var generator = UserGenerator(data: data, request: request)
        let users = try generator.generateAll()
        let nowMilliseconds = Self.milliseconds(now)
        var encoder = ResponseEncoder(
            data: data, request: request, ages: AgeCalculator(now: nowMilliseconds), portraitBaseURL: portraitBaseURL)

        let format: ResponseFormat = request.photoshopExtension ? .json : request.format
        var body = TextBuffer(capacity: 64)
        if format == .json {
            var sink = CompactJSONSink(capacity: users.count * 1_100 + 128)
            encoder.encodeResponse(users, into: &sink)
            body = sink.output
        } else {
            var sink = ResponseTreeSink()
            encoder.encodeResponse(users, into: &sink)
            switch format {
            case .pretty: PrettyJSONWriter.write(sink.root, to: &body)
            case .yaml: YAMLWriter.write(sink.root, to: &body)
            case .xml: XMLWriter.write(sink.root, to: &body)
            case .csv:
                if case .array(let results)? = sink.root["results"] {
                    CSVWriter.write(users: results, to: &body)
                }
            case .json: break
            }
        }
        if let callback = request.callback, format.supportsCallback {
            var wrapped = TextBuffer(capacity: body.count + callback.utf8.count + 3)
            wrapped.append(utf8: callback)
            wrapped.append(UInt8(ascii: "("))
            wrapped.append(contentsOf: body.bytes)
            wrapped.append(");")
            body = wrapped
        }
        return GeneratedResponse(
            body: body.bytes,
            contentType: request.download ? ResponseFormat.downloadContentType : format.contentType,
            userCount: users.count,
            attachmentFilename: request.download ? "download.\(format.fileExtension)" : nil)
    }

    /// JS's `Date.now()` for `now`, clamped to the ±8.64e15 ms a JS date can hold.
    static func milliseconds(_ date: Date) -> Int64 {
        let limit = 8.64e15
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value.isNaN ? 0 : Int64(min(max(value, -limit), limit))
    }
}
