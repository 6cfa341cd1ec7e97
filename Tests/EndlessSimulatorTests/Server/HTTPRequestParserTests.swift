import EndlessTesting
import Testing

@testable import EndlessSimulator

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    private func parse(_ text: String, limits: ServerLimits = ServerLimits()) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser(limits: limits)
        return parser.parse(Array(text.utf8))
    }

    private func status(_ text: String, limits: ServerLimits = ServerLimits()) -> Int? {
        if case .failure(let failure) = parse(text, limits: limits) { return failure.status }
        return nil
    }

    @Test("a well-formed GET parses into method, target, version and headers")
    func wellFormed() throws {
        let outcome = parse("GET /api/?results=5&seed=abc HTTP/1.1\r\nHost: example\r\nX-A:  padded  \r\n\r\nrest")
        guard case .head(let head, let length) = outcome else { Issue.record("\(outcome)"); return }
        #expect(head.method == "GET")
        #expect(head.target == "/api/?results=5&seed=abc")
        #expect(head.version == .http11)
        #expect(head.headers["host"] == "example")
        #expect(head.headers["X-A"] == "padded")
        #expect(length == "GET /api/?results=5&seed=abc HTTP/1.1\r\nHost: example\r\nX-A:  padded  \r\n\r\n".utf8.count)
        #expect(head.pathAndQuery.path == "/api/")
        #expect(head.pathAndQuery.query == "results=5&seed=abc")
    }

    @Test("bare LF line endings and leading empty lines are tolerated (RFC 9112 §2.2)")
    func lenientFraming() {
        guard case .head(let head, _) = parse("\r\nGET / HTTP/1.0\nAccept: */*\n\n") else {
            Issue.record("expected a head"); return
        }
        #expect(head.version == .http10)
        #expect(head.headers["Accept"] == "*/*")
    }

    @Test("an incomplete head asks for more, also when fed byte by byte")
    func incremental() {
        let text = Array("GET /x HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        var parser = HTTPRequestParser(limits: ServerLimits())
        for end in 1..<text.count {
            #expect(parser.parse(Array(text[0..<end])) == .needMore)
        }
        guard case .head = parser.parse(text) else { Issue.record("expected a head"); return }
    }

    @Test(
        "malformed request lines and headers are 400",
        arguments: [
            "GARBAGE\r\n\r\n",
            "GET /\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1 \r\nHost: h\r\n\r\n",
            "GET / http/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.10\r\nHost: h\r\n\r\n",
            "GET foo HTTP/1.1\r\nHost: h\r\n\r\n",
            "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET /a\u{7F}b HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nNo colon here\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\n: empty name\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nSpace : before colon\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nX: a\u{01}b\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 12x\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        ])
    func malformed(_ text: String) {
        #expect(status(text) == 400)
    }

    @Test("unsupported HTTP versions are 505", arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/3.0"])
    func unsupportedVersion(_ version: String) {
        #expect(status("GET / \(version)\r\nHost: h\r\n\r\n") == 505)
    }

    @Test("HTTP/1.2 is handled as 1.1")
    func higherMinor() {
        guard case .head(let head, _) = parse("GET / HTTP/1.2\r\nHost: h\r\n\r\n") else {
            Issue.record("expected a head"); return
        }
        #expect(head.version == .http11)
    }

    @Test("a request line over the limit is 414, even before it ends")
    func longRequestLine() {
        let long = "GET /" + String(repeating: "a", count: 9000)
        #expect(status(long) == 414)
        #expect(status(long + " HTTP/1.1\r\nHost: h\r\n\r\n") == 414)
        let fits = "GET /" + String(repeating: "a", count: 8192 - 14) + " HTTP/1.1"
        #expect(fits.utf8.count == 8192)
        guard case .head = parse(fits + "\r\nHost: h\r\n\r\n") else { Issue.record("8 KiB fits"); return }
    }

    @Test("a header section over the limit is 431, even before it ends")
    func largeHeaders() {
        let big = "GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + String(repeating: "b", count: 40_000)
        #expect(status(big) == 431)
        #expect(status(big + "\r\n\r\n") == 431)
    }

    @Test("more header fields than the cap is 431")
    func headerCount() {
        let limits = ServerLimits(maxHeaderCount: 10)
        let fields = (0..<10).map { "X-\($0): v\r\n" }.joined()
        guard case .head = parse("GET / HTTP/1.1\r\nHost: h\r\n" + fields.dropFirst(8) + "\r\n", limits: limits) else {
            Issue.record("10 fields fit"); return
        }
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n" + fields + "\r\n", limits: limits) == 431)
    }

    @Test("Transfer-Encoding is 501, an oversized body 413")
    func bodies() {
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(status("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999\r\n\r\n") == 413)
        guard case .head(let head, _) = parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc") else {
            Issue.record("expected a head"); return
        }
        #expect(head.contentLength == 3)
    }

    @Test("keep-alive defaults: 1.1 keeps unless close, 1.0 closes unless keep-alive")
    func keepAlive() {
        func head(_ text: String) -> HTTPRequestHead? {
            if case .head(let head, _) = parse(text) { return head }
            return nil
        }
        #expect(head("GET / HTTP/1.1\r\nHost: h\r\n\r\n")?.wantsKeepAlive == true)
        #expect(head("GET / HTTP/1.1\r\nHost: h\r\nConnection: Close\r\n\r\n")?.wantsKeepAlive == false)
        #expect(head("GET / HTTP/1.0\r\n\r\n")?.wantsKeepAlive == false)
        #expect(head("GET / HTTP/1.0\r\nConnection: foo, Keep-Alive\r\n\r\n")?.wantsKeepAlive == true)
    }

    @Test("absolute-form targets are reduced to their path and query")
    func absoluteForm() {
        guard case .head(let head, _) = parse("GET http://h:1/api/?a=1 HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("expected a head"); return
        }
        #expect(head.pathAndQuery.path == "/api/")
        #expect(head.pathAndQuery.query == "a=1")
    }

    @Test("random bytes never crash the parser, and every outcome stays within the limits")
    func fuzz() {
        var generator = SeededRandomNumberGenerator(seed: 0x0BAD_F00D)
        let alphabet = Array("GET /HTP1.\r\n: \tHost\u{0}\u{7F}é".utf8)
        let limits = ServerLimits(maxRequestLineBytes: 64, maxHeaderBytes: 64)
        // Up to 8 blank lines, the request line and its CR LF, then the header section.
        let mostBuffered = 8 + limits.maxRequestLineBytes + 2 + limits.maxHeaderBytes
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            var parser = HTTPRequestParser(limits: limits)
            switch parser.parse(bytes) {
            case .needMore:
                #expect(bytes.count <= mostBuffered, "waits for more after \(bytes)")
            case .head(_, let headLength):
                #expect(headLength <= bytes.count)
            case .failure(let failure):
                #expect((400...599).contains(failure.status))
            }
        }
    }
}
