import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: URLSession, with the body streamed through a delegate so that
/// the size limit is enforced while receiving, not after.
///
/// A `Content-Length` over the limit is refused as soon as the headers arrive; a body without
/// one is cut off as soon as the running total passes the limit. Cancelling the calling task
/// cancels the URLSession task.
public final class URLSessionTransport: HTTPTransport {
    let session: URLSession
    private let delegate: SessionDelegate

    /// A fresh ephemeral configuration without caches, cookies or stored credentials: the
    /// client decides what to repeat, and nothing from one request leaks into another.
    public static var defaultConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        return configuration
    }

    /// Creates a transport with its own session.
    ///
    /// - Parameter configuration: The session configuration; tests add a `URLProtocol`
    ///   subclass to its `protocolClasses`.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        // The delegate queue is serial (nil makes one), so a task's callbacks arrive in order.
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        // The session holds its delegate until invalidated; no task is running here, because
        // every `send` keeps the transport alive until its task completes.
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` once and collects the response, enforcing `maxBodyBytes` as it streams.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maxBodyBytes: The largest body accepted.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: ``HTTPError/transport(code:message:)``,
    ///   ``HTTPError/bodyTooLarge(limit:declaredLength:)`` or ``HTTPError/cancelled``.
    public func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse {
        let task = session.dataTask(with: request)
        let transfer = Transfer(limit: maxBodyBytes)
        // Registered before anything can cancel the task, so no completion is ever missed.
        delegate.register(transfer, for: task)
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Transfer.Outcome, Never>) in
                transfer.attach(continuation)
                task.resume()
            }
        } onCancel: {
            // Answer the caller now; URLSession's own cancellation callback comes later.
            transfer.finish(.failure(.cancelled))
            task.cancel()
        }
        // A task cancelled before it started may never report completion; drop it either way.
        delegate.forget(task)
        return try outcome.get()
    }
}
