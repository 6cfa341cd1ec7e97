import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The production transport: URLSession, with the body streamed through a delegate so that
/// the size limit is enforced while receiving, not after.
///
/// A `Content-Length` over the limit is refused as soon as the headers arrive; a body without
/// one is cut off as soon as the running total passes the limit. Cancelling the calling task
/// answers it at once and cancels the URLSession task. URLSession's task methods, which block
/// on the session's internal queue, are called on a private queue, never on the caller's
/// thread, so a stuck session cannot delay a deadline or a cancellation.
public final class URLSessionTransport: HTTPTransport {
    let session: URLSession
    private let delegate: SessionDelegate
    /// Where URLSession's blocking task methods are called (see `send`).
    private let taskQueue = DispatchQueue(label: "EndlessHTTP.URLSessionTransport.tasks")

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
        let transfer = Transfer(limit: maxBodyBytes)
        let handle = TaskHandle()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Transfer.Outcome, Never>) in
                transfer.attach(continuation)
                // FoundationNetworking's task methods wait on the session's internal queue
                // (`workQueue.sync`). Called here, they could stall a cooperative thread, and
                // with it the deadline, for as long as that queue is busy.
                taskQueue.async { [session, delegate] in
                    let task = session.dataTask(with: request)
                    // Registered before the task starts, so no callback is ever missed.
                    delegate.register(transfer, for: task)
                    if handle.start(task) {
                        task.resume()
                    } else {
                        delegate.forget(task)
                    }
                }
            }
        } onCancel: {
            // Answer the caller now; URLSession's own cancellation waits for its queue.
            transfer.finish(.failure(.cancelled))
            if let task = handle.cancel() {
                taskQueue.async { task.cancel() }
            }
        }
        if let task = handle.task {
            // A task cancelled before it started may never report completion.
            delegate.forget(task)
        }
        return try outcome.get()
    }
}
