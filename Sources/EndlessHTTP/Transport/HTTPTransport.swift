import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The seam between ``HTTPClient`` and the network: one attempt, no retries, no decoding.
///
/// ``URLSessionTransport`` is the production implementation. Tests use it too, with a
/// `URLProtocol` stub in its session configuration, so the real URLSession path is exercised.
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
}
