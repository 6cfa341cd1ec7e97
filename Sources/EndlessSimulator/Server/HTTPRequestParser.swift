/// A strict, incremental HTTP/1.x request-head parser with limits.
///
/// It is fed the connection's whole unconsumed input each time bytes arrive. Finding the end
/// of the head is incremental (``scanned`` remembers how far it looked), so a client sending
/// one byte at a time costs linear, not quadratic, work; the head is parsed once, when complete.
struct HTTPRequestParser {
    enum Outcome: Equatable {
        case needMore
        /// A complete head; `headLength` bytes of the input belong to it (body not included).
        case head(HTTPRequestHead, headLength: Int)
        case failure(HTTPParseFailure)
    }

    let limits: ServerLimits
    private var scanned = 0

    init(limits: ServerLimits) {
        self.limits = limits
    }

    /// Forgets the scan position, for the next request on the same connection.
    mutating func reset() {
        scanned = 0
    }

    mutating func parse(_ input: [UInt8]) -> Outcome {
        // RFC 9112 §2.2: a server SHOULD ignore empty lines received before the request line.
        var start = 0
        while start < input.count, start < 8, input[start] == .cr || input[start] == .lf { start += 1 }
        if let failure = Self.checkMethodPrefix(input, from: start) { return .failure(failure) }
        guard let lineEnd = Self.firstIndex(of: .lf, in: input, from: start) else {
            if input.count - start > limits.maxRequestLineBytes + 1 { return .failure(Self.uriTooLong) }
            return .needMore
        }
        let lineBytes = Self.stripCR(input, start, lineEnd)
        guard lineBytes.count <= limits.maxRequestLineBytes else { return .failure(Self.uriTooLong) }

        guard let headEnd = findHeadEnd(input, from: lineEnd) else {
            if input.count - (lineEnd + 1) > limits.maxHeaderBytes { return .failure(Self.headersTooLarge) }
            return .needMore
        }
        let headerSection = (lineEnd + 1)..<headEnd
        if headerSection.count > limits.maxHeaderBytes { return .failure(Self.headersTooLarge) }

        let requestLine: (method: String, target: String, version: HTTPVersion)
        switch Self.parseRequestLine(input[lineBytes]) {
        case .success(let line): requestLine = line
        case .failure(let failure): return .failure(failure)
        }
        var failure: HTTPParseFailure?
        let headers = parseHeaders(input, headerSection, failure: &failure)
        if var failure {
            failure.method = requestLine.method
            failure.target = requestLine.target
            return .failure(failure)
        }
        var head = HTTPRequestHead(
            method: requestLine.method, target: requestLine.target, version: requestLine.version,
            headers: headers, contentLength: 0)
        if let problem = validateSemantics(&head) {
            var problem = problem
            problem.method = head.method
            problem.target = head.target
            return .failure(problem)
        }
        return .head(head, headLength: headEnd)
    }

    // MARK: - Framing

    /// The index just past the empty line that ends the head, searching from the request
    /// line's LF; nil while it has not arrived.
    private mutating func findHeadEnd(_ input: [UInt8], from lineEnd: Int) -> Int? {
        var index = max(lineEnd, scanned - 3)
        while index < input.count {
            if input[index] == .lf {
                // The LF ends a line; the head ends if the next line is empty (LF or CR LF).
                if index + 1 < input.count, input[index + 1] == .lf { return index + 2 }
                if index + 2 < input.count, input[index + 1] == .cr, input[index + 2] == .lf { return index + 3 }
            }
            index += 1
        }
        scanned = input.count
        return nil
    }

    /// Refuses at once a request line whose method already holds a byte no method can: a
    /// TLS handshake (an `https://` URL sent to this plain-HTTP server) or binary garbage
    /// would otherwise wait for a line end that never comes, and the client with it.
    private static func checkMethodPrefix(_ input: [UInt8], from start: Int) -> HTTPParseFailure? {
        var index = start
        while index < input.count, input[index] != .space, input[index] != .cr, input[index] != .lf {
            guard input[index].isToken else {
                return input[start] == tlsHandshakeRecord ? speaksPlainHTTP : malformedLine
            }
            index += 1
        }
        return nil
    }

    /// The first byte of a TLS record carrying a handshake (the ClientHello).
    static let tlsHandshakeRecord: UInt8 = 0x16

    private static func firstIndex(of byte: UInt8, in input: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < input.count {
            if input[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// The range of a line without its LF and an optional CR before it.
    private static func stripCR(_ input: [UInt8], _ start: Int, _ lf: Int) -> Range<Int> {
        lf > start && input[lf - 1] == .cr ? start..<(lf - 1) : start..<lf
    }

    static let uriTooLong = HTTPParseFailure(status: 414, message: "The request line is too long.")
    static let malformedLine = HTTPParseFailure(status: 400, message: "The request line is malformed.")
    static let speaksPlainHTTP = HTTPParseFailure(
        status: 400, message: "This server speaks plain HTTP, not TLS: use http:// instead of https://.")
    static let headersTooLarge = HTTPParseFailure(
        status: 431, message: "The request header fields are too large.")
}

extension UInt8 {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")

    /// RFC 9110 tchar: the characters of methods and header names.
    var isToken: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(self)
        }
    }

    /// Visible ASCII: the only bytes allowed in a request-target.
    var isVisibleASCII: Bool { self >= 0x21 && self <= 0x7E }
}
