import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How each easy handle of a ``CurlTransport`` is set up: the request itself, and the hygiene
/// every transfer shares.
enum CurlOptions {
    /// The only protocols libcurl may speak, for the request and (were it on) for redirects.
    static let protocols = "http,https"
    /// Hosts never reached through a proxy from the environment: the simulator and the test
    /// servers listen on loopback, and a proxy elsewhere cannot reach them.
    static let loopback = ["localhost", "127.0.0.0/8", "::1"]
    /// libcurl's receive buffer: a picture arrives in a few callbacks, not dozens.
    static let bufferSize = 64 * 1024
    /// The idle timeout when the request has none that makes sense (URLRequest's default).
    static let defaultTimeout: TimeInterval = 60

    /// CURLOPT_NOPROXY: the environment's `NO_PROXY` (libcurl stops reading it once the option
    /// is set) with the loopback hosts added.
    static let noProxy = noProxyList(environment: ProcessInfo.processInfo.environment)

    /// The loopback hosts, after the hosts `NO_PROXY` (or `no_proxy`) names, if any.
    static func noProxyList(environment: [String: String]) -> String {
        let named = (environment["NO_PROXY"] ?? environment["no_proxy"] ?? "")
            .split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        return (named + loopback.filter { !named.contains($0) }).joined(separator: ",")
    }

    /// The idle timeout of `request` in whole seconds (URLSession on Linux rounds up as well),
    /// and its connect timeout in milliseconds.
    static func timeouts(of request: URLRequest) -> (idleSeconds: Int, connectMilliseconds: Int) {
        let interval = request.timeoutInterval.isFinite && request.timeoutInterval > 0 ? request.timeoutInterval : defaultTimeout
        let seconds = min(interval, 86_400)
        return (Int(seconds.rounded(.up)), Int((seconds * 1000).rounded(.up)))
    }

    /// The request's header fields as libcurl lines; a field whose name or value holds a line
    /// break or NUL (header injection) is left out. `Expect:` turns off `100-continue`.
    static func headerLines(of request: URLRequest) -> [String] {
        var lines: [String] = []
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            let forbidden: (Character) -> Bool = { $0 == "\r" || $0 == "\n" || $0 == "\0" }
            guard !name.isEmpty, !name.contains(where: forbidden), !value.contains(where: forbidden), !name.contains(":") else { continue }
            // "Name;" is libcurl's way to send a field with an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        if request.httpBody != nil, !lines.contains(where: { $0.lowercased().hasPrefix("expect") }) {
            lines.append("Expect:")
        }
        return lines
    }

    /// Sets every option of `handle` for `request`. Returns false when libcurl refuses one that
    /// matters (the URL, the method, the body).
    static func configure(
        _ handle: UnsafeMutableRawPointer, for request: URLRequest, errorBuffer: UnsafeMutablePointer<CChar>,
        context: UnsafeMutableRawPointer, headers: inout UnsafeMutablePointer<curl_slist>?
    ) -> Bool {
        // Hygiene: no signals (the resolver's SIGALRM, OpenSSL's SIGPIPE dance), http(s) only,
        // libcurl never follows a redirect itself, no cookie engine (never enabled), nothing
        // printed (CURLOPT_VERBOSE stays off).
        _ = ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = ccurl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, protocols)
        _ = ccurl_easy_setopt_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, protocols)
        _ = ccurl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = ccurl_easy_setopt_string(handle, CURLOPT_NOPROXY, noProxy)
        _ = ccurl_easy_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        // Bodies are decoded as URLSession decodes them; the limit counts decoded bytes.
        _ = ccurl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = ccurl_easy_setopt_long(handle, CURLOPT_BUFFERSIZE, bufferSize)
        // Over https, wait for a connection's TLS handshake (its ALPN says whether HTTP/2 can
        // multiplex) rather than open another. Not over http: there libcurl learns the version
        // only from the first response, and would send each host's first requests one by one.
        if request.url?.scheme?.lowercased() == "https" { _ = ccurl_easy_setopt_long(handle, CURLOPT_PIPEWAIT, 1) }

        // timeoutInterval is an idle timeout, as in URLSession on Linux: no byte for that long
        // (connecting included) ends the transfer. The client's deadline is the real limit.
        let (idle, connect) = timeouts(of: request)
        _ = ccurl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connect)
        _ = ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
        _ = ccurl_easy_setopt_long(handle, CURLOPT_LOW_SPEED_TIME, idle)

        _ = ccurl_easy_setopt_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = ccurl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback)
        _ = ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context)

        for line in headerLines(of: request) {
            guard let appended = curl_slist_append(headers, line) else { return false }
            headers = appended
        }
        if let headers { _ = ccurl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headers) }

        guard let url = request.url?.absoluteString, ccurl_easy_setopt_string(handle, CURLOPT_URL, url) == CURLE_OK else { return false }
        return setMethod(handle, of: request)
    }

    /// The method, and the body when there is one (copied by libcurl).
    private static func setMethod(_ handle: UnsafeMutableRawPointer, of request: URLRequest) -> Bool {
        let method = (request.httpMethod ?? "GET").uppercased()
        switch method {
        case "GET" where request.httpBody == nil:
            return ccurl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1) == CURLE_OK
        case "HEAD":
            return ccurl_easy_setopt_long(handle, CURLOPT_NOBODY, 1) == CURLE_OK
        default:
            break
        }
        if method != "POST" {
            guard method.allSatisfy({ $0.isLetter || $0 == "-" }),
                ccurl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method) == CURLE_OK
            else { return false }
        }
        let body = request.httpBody ?? Data()
        guard method == "POST" || !body.isEmpty else { return true }
        _ = ccurl_easy_setopt_long(handle, CURLOPT_POST, 1)
        guard ccurl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)) == CURLE_OK else { return false }
        return body.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return ccurl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "") == CURLE_OK
            }
            return ccurl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: start)) == CURLE_OK
        }
    }
}

/// CURLOPT_HEADERFUNCTION: one whole header line, to the ``CurlHop`` it belongs to.
private let curlHeaderCallback: ccurl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let hop = Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return hop.receiveHeaderLine(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// CURLOPT_WRITEFUNCTION: body bytes, to the ``CurlHop`` they belong to. Returning less than
/// was given aborts the transfer (CURLE_WRITE_ERROR), which is how the body limit stops it.
private let curlWriteCallback: ccurl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let hop = Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    guard let data, length > 0 else { return length }
    return hop.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}
