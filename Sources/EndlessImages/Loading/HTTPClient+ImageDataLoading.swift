import EndlessHTTP
import Foundation

/// The production loader: the project's HTTP client, so image downloads get its retries,
/// deadline, body limit and in-flight accounting, and show up in its event log.
extension HTTPClient: ImageDataLoading {
    /// Downloads an image's bytes, accepting only image content types.
    /// - Parameter url: the image's absolute address.
    /// - Returns: the response body.
    /// - Throws: `CancellationError` when the calling task is cancelled (the pipeline's
    ///   contract), otherwise the client's ``HTTPError``.
    public func data(for url: URL) async throws -> Data {
        do {
            return try await data(from: url, accepting: .images).body
        } catch .cancelled {
            throw CancellationError()
        }
    }
}
