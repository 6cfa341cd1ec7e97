/// The request line, header fields and the checks that need the whole head.
extension HTTPRequestParser {
    static func parseRequestLine(
        _ line: ArraySlice<UInt8>
    ) -> Result<(method: String, target: String, version: HTTPVersion), HTTPParseFailure> {
        // Exactly "method SP target SP version": no other whitespace, no control bytes.
        let parts = line.split(separator: .space, maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(HTTPParseFailure(status: 400, message: "The request line is malformed."))
        }
        guard parts[0].allSatisfy(\.isToken) else {
            return .failure(HTTPParseFailure(status: 400, message: "The method is not a token."))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        guard parts[1].allSatisfy(\.isVisibleASCII) else {
            return .failure(
                HTTPParseFailure(
                    status: 400, message: "The request target contains invalid characters.", method: method))
        }
        let target = String(decoding: parts[1], as: UTF8.self)
        // The usual origin form first: the absolute form's lowercased copy only when needed.
        guard
            target.hasPrefix("/") || target == "*" || target.lowercased().hasPrefix("http://")
                || target.lowercased().hasPrefix("https://")
        else {
            return .failure(
                HTTPParseFailure(
                    status: 400, message: "The request target is malformed.", method: method, target: "-"))
        }
        let version = Array(parts[2])
        let prefix = Array("HTTP/".utf8)
        guard version.count == 8, Array(version[0..<5]) == prefix, version[6] == UInt8(ascii: "."),
            let major = Self.digit(version[5]), let minor = Self.digit(version[7])
        else {
            return .failure(
                HTTPParseFailure(
                    status: 400, message: "The HTTP version is malformed.", method: method, target: target))
        }
        // HTTP/1.x with x > 1 is handled as 1.1 (RFC 9110 §2.5); other majors are refused.
        guard major == 1 else {
            return .failure(
                HTTPParseFailure(
                    status: 505, message: "Only HTTP/1.0 and HTTP/1.1 are supported.", method: method, target: target))
        }
        return .success((method, target, minor == 0 ? .http10 : .http11))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    func parseHeaders(_ input: [UInt8], _ section: Range<Int>, failure: inout HTTPParseFailure?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        var count = 0
        var lineStart = section.lowerBound
        while lineStart < section.upperBound {
            var lf = lineStart
            while input[lf] != .lf { lf += 1 }
            var lineEnd = lf
            if lineEnd > lineStart, input[lineEnd - 1] == .cr { lineEnd -= 1 }
            defer { lineStart = lf + 1 }
            if lineEnd == lineStart { break }  // the empty line that ends the head
            count += 1
            if count > limits.maxHeaderCount {
                failure = HTTPParseFailure(status: 431, message: "The request has too many header fields.")
                return headers
            }
            let line = input[lineStart..<lineEnd]
            guard let field = Self.parseField(line) else {
                failure = HTTPParseFailure(status: 400, message: "A header field is malformed.")
                return headers
            }
            headers.add(field.name, field.value)
        }
        return headers
    }

    /// `name ":" OWS value OWS`, with a token name (so no whitespace before the colon, and no
    /// obsolete line folding) and a value free of control bytes other than tab.
    private static func parseField(_ line: ArraySlice<UInt8>) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: .colon), colon > line.startIndex else { return nil }
        let name = line[line.startIndex..<colon]
        guard name.allSatisfy(\.isToken) else { return nil }
        var value = line[(colon + 1)...]
        while let first = value.first, first == .space || first == .tab { value.removeFirst() }
        while let last = value.last, last == .space || last == .tab { value.removeLast() }
        guard value.allSatisfy({ $0 == .tab || $0 == .space || $0 >= 0x21 && $0 != 0x7F }) else { return nil }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// Host, Content-Length and Transfer-Encoding rules (RFC 9112 §3.2, §6).
    func validateSemantics(_ head: inout HTTPRequestHead) -> HTTPParseFailure? {
        let hosts = head.headers.values("Host")
        if hosts.count > 1 {
            return HTTPParseFailure(status: 400, message: "The request has more than one Host header.")
        }
        if head.version == .http11, hosts.isEmpty {
            return HTTPParseFailure(status: 400, message: "An HTTP/1.1 request needs a Host header.")
        }
        let expectations = head.headers.values("Expect").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces().lowercased() }
        if head.version == .http11, !expectations.isEmpty {
            guard expectations.allSatisfy({ $0 == "100-continue" }) else {
                return HTTPParseFailure(status: 417, message: "The only expectation supported is 100-continue.")
            }
            head.expectsContinue = true
        }
        if !head.headers.values("Transfer-Encoding").isEmpty {
            return HTTPParseFailure(status: 501, message: "Request bodies with Transfer-Encoding are not supported.")
        }
        let lengths = head.headers.values("Content-Length")
            .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .map { $0.trimmingSpaces() }
        guard let first = lengths.first else { return nil }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
            first.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int(first)
        else {
            return HTTPParseFailure(status: 400, message: "The Content-Length header is invalid.")
        }
        if length > limits.maxBodyBytes {
            return HTTPParseFailure(status: 413, message: "The request body is too large.")
        }
        head.contentLength = length
        return nil
    }
}
