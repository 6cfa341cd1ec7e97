import Foundation

/// The seam through which the pipeline downloads image bytes.
///
/// The pipeline never talks to the network itself: the app hands it a loader, normally the
/// project's `HTTPClient`, which brings retries, deadlines and a response size limit. Tests hand
/// it a mock that counts calls and can hold a download open.
///
/// Implementations must honour task cancellation: when every caller waiting for an image has
/// gone away, the pipeline cancels the task that called ``data(for:)``, and the loader should
/// stop the transfer and throw (typically `CancellationError`) instead of finishing it.
public protocol ImageDataLoading: Sendable {
    /// Downloads the bytes at `url`.
    /// - Parameter url: the image's address, as given in the ``ImageRequest``.
    /// - Returns: the complete response body.
    /// - Throws: the loader's own errors (they reach the caller of
    ///   ``ImagePipeline/image(for:)`` unchanged), or `CancellationError` when the calling task
    ///   is cancelled.
    func data(for url: URL) async throws -> Data
}
