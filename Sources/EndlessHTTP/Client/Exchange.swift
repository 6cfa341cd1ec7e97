import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One logical request, as the client runs it: attempts over the transport, validation,
/// decoding, retries with backoff, all inside the overall deadline, reported to monitors.
struct Exchange<Value: Sendable>: Sendable {
    var request: URLRequest
    var method: HTTPMethod
    var accepted: AcceptedContentTypes
    /// Turns a successful, validated response into the caller's value.
    var process: @Sendable (HTTPResponse) -> Result<Value, HTTPError>
}
