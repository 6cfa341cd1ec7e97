import CCurl
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// libcurl's failures as ``HTTPError``s, with the `URLError` codes URLSession gives the same
/// failures (so the retry policy and the messages treat both transports alike), and libcurl's
/// own sentence (its error buffer) as the message.
enum CurlFailure {
    /// The error for a transfer that ended with `code`.
    ///
    /// - Parameters:
    ///   - code: libcurl's result.
    ///   - message: libcurl's sentence, such as "Failed to connect to 127.0.0.1 port 1 after
    ///     0 ms: Couldn't connect to server".
    ///   - url: the hop's URL, which tells a TLS failure against a plain-HTTP server.
    ///   - headReceived: whether the response's head had arrived whole.
    static func map(_ code: CURLcode, message: String, url: URL?, headReceived: Bool) -> HTTPError {
        let lowered = message.lowercased()
        if url?.scheme?.lowercased() == "https", Transfer.plainHTTPSignatures.contains(where: { lowered.contains($0) }) {
            return .transport(code: .secureConnectionFailed, message: HTTPError.plainHTTPServerMessage)
        }
        if Transfer.headerSizeSignatures.contains(where: { lowered.contains($0) }) {
            return .responseHeadersTooLarge(detail: message)
        }
        if code == CURLE_OUT_OF_MEMORY, !headReceived {
            // libcurl 7 reports one header field over 100 KiB so; "out of memory" would mislead.
            return .responseHeadersTooLarge(detail: "a header field over 100 KiB")
        }
        return .transport(code: urlErrorCode(code, headReceived: headReceived), message: message)
    }

    /// The `URLError` code URLSession reports for the same failure.
    static func urlErrorCode(_ code: CURLcode, headReceived: Bool) -> URLError.Code {
        switch code {
        case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
        case CURLE_URL_MALFORMAT: .badURL
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
        case CURLE_COULDNT_CONNECT: .cannotConnectToHost
        case CURLE_OPERATION_TIMEDOUT: .timedOut
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_PARTIAL_FILE: .networkConnectionLost
        // An empty answer on a connection is what a server restarting looks like.
        case CURLE_GOT_NOTHING: .networkConnectionLost
        case CURLE_SSL_CONNECT_ERROR: .secureConnectionFailed
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE: .serverCertificateUntrusted
        case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3: .badServerResponse
        case CURLE_BAD_CONTENT_ENCODING: .cannotDecodeContentData
        case CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
        default: headReceived ? .networkConnectionLost : .unknown
        }
    }
}
