/// What a ``HTTPHandler`` answers: status, headers and body, plus how the server should
/// deliver it (fault injection lives in ``Delivery``, so the HTTP layer knows nothing of it).
///
/// The server adds `Content-Length`, `Connection`, `Date` and `Server` itself, and strips the
/// body of HEAD responses while keeping their length.
struct HTTPResponse: Sendable {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var delivery = Delivery()
    /// Closes the connection after this response even if the client wanted to keep it.
    var closeConnection = false
    /// Appended to the request's log line, e.g. `fault=truncate`.
    var logNote: String?

    init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short `text/plain` answer, the way the server reports its own errors.
    static func text(_ status: Int, _ text: String, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers, body: Array(text.utf8))
        response.headers.set("Content-Type", "text/plain; charset=utf-8")
        return response
    }

    /// How the bytes of a response reach the client.
    struct Delivery: Sendable, Equatable {
        /// Wait this long before the first byte (latency).
        var delay: Duration = .zero
        /// Abort the connection with a TCP reset instead of answering.
        var reset = false
        /// Send only this many body bytes (the headers still announce the full length), then
        /// close the connection.
        var truncatedBodyLength: Int?
        /// Send the body in pieces of `chunk` bytes, waiting `interval` between them.
        var dribble: Dribble?

        struct Dribble: Sendable, Equatable {
            var chunk: Int
            var interval: Duration
        }
    }
}
