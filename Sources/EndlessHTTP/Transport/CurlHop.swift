import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request of a ``CurlTransport`` as its thread sends it: the easy handle of the current
/// hop, the response head as its lines arrive, and the redirect to follow once the hop ends.
///
/// Only the engine's thread touches it (libcurl calls the callbacks from `curl_multi_perform`
/// there), so it needs no lock; what the caller sees goes through the request's ``Transfer``.
/// A redirect is a new hop: libcurl's FOLLOWLOCATION stays off, so ``RedirectPolicy`` decides.
final class CurlHop {
    /// The most redirects followed for one request.
    static let maxRedirects = 16
    /// The most bytes of a redirect's own body read (and dropped) before its connection is
    /// closed instead of reused.
    static let redirectBodyLimit = 64 * 1024

    let request: CurlRequest
    /// The request this hop sends.
    private let sending: URLRequest
    private let redirectsSoFar: Int
    /// The easy handle, between ``makeHandle()`` and ``cleanUp()``.
    private(set) var handle: UnsafeMutableRawPointer?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    /// CURLOPT_ERRORBUFFER: libcurl's own sentence for a failure.
    private var errorBuffer: UnsafeMutablePointer<CChar>?
    /// The header fields of the response block being read.
    private var fields: [HTTPHeaders.Field] = []
    /// Whether the final response's head reached the transfer; later header lines are trailers.
    private var headDelivered = false
    /// The request to send next, once this hop (a redirect) ends.
    private var next: URLRequest?
    /// Bytes of a redirect's body dropped so far.
    private var dropped = 0

    init(request: CurlRequest, sending: URLRequest, redirectsSoFar: Int = 0) {
        self.request = request
        self.sending = sending
        self.redirectsSoFar = redirectsSoFar
    }

    private var transfer: Transfer { request.transfer }

    /// Configures an easy handle from `pool` for this hop (see ``CurlOptions``); nil if libcurl
    /// cannot.
    func makeHandle(from pool: inout CurlHandlePool) -> UnsafeMutableRawPointer? {
        guard let handle = pool.take() else { return nil }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(ccurl_error_size()))
        buffer.initialize(repeating: 0, count: Int(ccurl_error_size()))
        errorBuffer = buffer
        self.handle = handle
        let me = Unmanaged.passUnretained(self).toOpaque()
        guard CurlOptions.configure(handle, for: sending, errorBuffer: buffer, context: me, headers: &headerList) else {
            cleanUp(into: &pool)
            return nil
        }
        return handle
    }

    /// Gives the easy handle back to `pool` (which resets it, so nothing of this hop's options
    /// points at what is freed next) and frees what it used; the engine has removed it from
    /// the multi handle.
    func cleanUp(into pool: inout CurlHandlePool) {
        if let handle { pool.give(handle) }
        handle = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
        errorBuffer?.deallocate()
        errorBuffer = nil
    }

    // MARK: - Callbacks

    /// One header line, CRLF included (libcurl hands them whole). Returns false to abort.
    func receiveHeaderLine(_ line: UnsafeRawBufferPointer) -> Bool {
        guard transfer.outcome == nil else { return false }
        // Trailers after the body, or the head of a redirect being dropped.
        if headDelivered || next != nil { return true }
        var bytes = line[...]
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes = bytes.dropLast() }
        if bytes.isEmpty { return endOfHead() }
        if bytes.starts(with: "HTTP/".utf8) {
            fields.removeAll()  // a new response block (after a 100 Continue, say)
        } else if let first = bytes.first, first == 0x20 || first == 0x09 {
            // An obsolete folded line continues the previous field.
            if !fields.isEmpty { fields[fields.count - 1].value += " " + Self.text(bytes.trimmingHTTPWhitespace()) }
        } else if let colon = bytes.firstIndex(of: UInt8(ascii: ":")) {
            let name = Self.text(bytes[..<colon].trimmingHTTPWhitespace())
            let value = Self.text(bytes[(colon + 1)...].trimmingHTTPWhitespace())
            if !name.isEmpty { fields.append(HTTPHeaders.Field(name: name, value: value)) }
        }
        return true
    }

    /// Body bytes. Returns false to abort.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if next != nil {
            dropped += bytes.count
            return dropped <= Self.redirectBodyLimit  // past it, closing beats reading
        }
        return transfer.receive(data: Data(bytes)) == .proceed
    }

    /// The blank line after a head: an interim response is skipped, a redirect decided, and a
    /// final head handed to the transfer (which refuses a `Content-Length` over the limit).
    private func endOfHead() -> Bool {
        guard let handle else { return false }
        var status = 0
        _ = ccurl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if (100...199).contains(status), status != 101 {
            fields.removeAll()
            return true
        }
        let headers = HTTPHeaders(fields)
        if [301, 302, 303, 307, 308].contains(status), let location = headers["Location"], let url = sending.url,
            let target = URL(string: location.trimmingWhitespace(), relativeTo: url)?.absoluteURL
        {
            return redirect(status: status, from: url, to: target)
        }
        var expected: curl_off_t = -1
        _ = ccurl_easy_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
        headDelivered = true
        let head = HTTPResponse(statusCode: status, headers: headers, url: sending.url)
        return transfer.receive(head: head, expectedLength: Int64(expected)) == .proceed
    }

    /// Decides a redirect by ``RedirectPolicy``; the next hop starts when this one ends.
    private func redirect(status: Int, from url: URL, to target: URL) -> Bool {
        guard redirectsSoFar < Self.maxRedirects else {
            transfer.finish(.failure(.transport(code: .httpTooManyRedirects, message: "more than \(Self.maxRedirects) redirects")))
            return false
        }
        var proposed = sending
        proposed.url = target
        let method = (sending.httpMethod ?? "GET").uppercased()
        // As browsers and URLSession do: 303 fetches the new place; 301 and 302 turn a POST
        // into a GET. 307 and 308 repeat the request as it was.
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            proposed.httpMethod = "GET"
            proposed.httpBody = nil
            proposed.setValue(nil, forHTTPHeaderField: "Content-Type")
            proposed.setValue(nil, forHTTPHeaderField: "Content-Length")
        }
        guard let followed = transfer.redirect(status: status, from: url, to: proposed) else { return false }
        next = followed
        return true
    }

    /// The hop's end: the next hop when this one was a followed redirect, otherwise nil after
    /// the transfer has been finished with the response or libcurl's failure.
    func finished(_ result: CURLcode) -> CurlHop? {
        if let next {
            // Whatever became of the redirect's own body (even an abort past its limit).
            return CurlHop(request: request, sending: next, redirectsSoFar: redirectsSoFar + 1)
        }
        guard transfer.outcome == nil else { return nil }
        if result == CURLE_OK {
            transfer.complete(error: nil)
        } else {
            let said = errorBuffer.map { String(cString: $0) } ?? ""
            let message = said.isEmpty ? String(cString: curl_easy_strerror(result)) : said
            transfer.finish(.failure(CurlFailure.map(result, message: message, url: sending.url, headReceived: headDelivered)))
        }
        return nil
    }

    /// Header bytes as text: UTF-8 when they are, otherwise Latin-1 (HTTP's obs-text), so no
    /// byte a server sends can fail the decoding.
    private static func text(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}
