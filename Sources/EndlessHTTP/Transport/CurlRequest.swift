import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `send` of a ``CurlTransport``, as the caller hands it to the transport's thread: the
/// request as it must first be sent, and the ``Transfer`` both sides finish.
///
/// Immutable: whatever changes while it is sent (the hop, the easy handle, the headers so far)
/// lives in a ``CurlHop`` that only the transport's thread touches.
final class CurlRequest: Sendable {
    let request: URLRequest
    let transfer: Transfer

    init(request: URLRequest, transfer: Transfer) {
        self.request = request
        self.transfer = transfer
    }
}
