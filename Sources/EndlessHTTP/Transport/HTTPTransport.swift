import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The seam between ``HTTPClient`` and the network: one attempt, no retries, no decoding.
///
/// ``CurlTransport`` (libcurl's multi interface, one thread) is the production implementation.
/// ``URLSessionTransport`` meets the same contract; tests use it with a `URLProtocol` stub in
/// its session configuration, and run the loopback contract tests over both.
public protocol HTTPTransport: Sendable {
    /// Sends `request` once and collects the whole response.
    ///
    /// - Parameters:
    ///   - request: The request, exactly as it must be sent.
    ///   - maxBodyBytes: The largest body to accept. A larger `Content-Length` must be refused
    ///     before reading the body, and a body that grows past it must stop being received.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: ``HTTPError/transport(code:message:)`` for network failures,
    ///   ``HTTPError/bodyTooLarge(limit:declaredLength:)`` past the limit, and
    ///   ``HTTPError/cancelled`` promptly when the calling task is cancelled.
    func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse

    /// Sends `request` once, following redirects by `redirects`: credentials stay behind when
    /// a redirect leaves the origin, `https` to `http` is refused
    /// (``HTTPError/redirectRefused(from:to:reason:)``), and each hop is reported.
    ///
    /// A transport that never redirects need not implement it: by default it sends as
    /// ``send(_:maxBodyBytes:)`` does.
    ///
    /// - Parameters:
    ///   - request: The request, exactly as it must be sent.
    ///   - maxBodyBytes: The largest body to accept.
    ///   - redirects: Which headers are credentials, and who hears of each hop.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: As ``send(_:maxBodyBytes:)``, and ``HTTPError/redirectRefused(from:to:reason:)``.
    func send(_ request: URLRequest, maxBodyBytes: Int, redirects: RedirectHandling) async throws(HTTPError) -> HTTPResponse
}

extension HTTPTransport {
    /// Sends as ``send(_:maxBodyBytes:)``, for transports that do not redirect.
    public func send(_ request: URLRequest, maxBodyBytes: Int, redirects: RedirectHandling) async throws(HTTPError) -> HTTPResponse {
        try await send(request, maxBodyBytes: maxBodyBytes)
    }
}
