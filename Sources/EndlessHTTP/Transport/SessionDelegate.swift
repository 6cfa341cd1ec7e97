import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one delegate of a transport's session: routes each data task's callbacks to its
/// ``Transfer``.
///
/// A session-wide delegate is used because swift-corelibs-foundation does not call per-task
/// delegates (`data(for:delegate:)`), has no `bytes(for:)`, and ignores the disposition
/// passed to `didReceive response` completion handlers: refusing a body therefore means
/// cancelling the task explicitly, which this delegate does.
///
/// `@unchecked Sendable` because `NSObject` is not `Sendable`; the only mutable state, the
/// task table, is behind a `Mutex`.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let transfers = Mutex<[Int: Transfer]>([:])
    /// Where task methods are called: never from a callback itself (see ``cancel(_:)``).
    private let taskQueue: DispatchQueue

    /// Creates the delegate of one transport.
    /// - Parameter taskQueue: the transport's queue for URLSession task methods.
    init(taskQueue: DispatchQueue) {
        self.taskQueue = taskQueue
    }

    /// Cancels `task` from the task queue, never from inside a callback: callbacks may run
    /// on URLSession's own work queue (``InlineDelegateQueue``), where `cancel()`, which
    /// waits for that queue, would deadlock.
    private func cancel(_ task: URLSessionTask) {
        taskQueue.async { task.cancel() }
    }

    /// Routes `task`'s callbacks to `transfer` until the task completes.
    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    /// Stops routing `task`'s callbacks; any that still arrive cancel the task.
    func forget(_ task: URLSessionTask) {
        transfers.withLock { _ = $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func transfer(for task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(for: dataTask) else {
            completionHandler(.cancel)
            cancel(dataTask)
            return
        }
        guard let http = response as? HTTPURLResponse else {
            transfer.finish(.failure(.transport(code: .badServerResponse, message: "the response is not HTTP")))
            completionHandler(.cancel)
            cancel(dataTask)
            return
        }
        let head = HTTPResponse(statusCode: http.statusCode, headers: Self.headers(of: http), url: http.url)
        switch transfer.receive(head: head, expectedLength: http.expectedContentLength) {
        case .proceed:
            completionHandler(.allow)
        case .cancelTask:
            completionHandler(.cancel)
            cancel(dataTask)  // Linux ignores `.cancel` above.
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        if transfer.receive(data: data) == .cancelTask {
            cancel(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(error: error, url: task.originalRequest?.url)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            // The client holds no credentials. On Linux, "default handling" of an HTTP
            // authentication challenge without a stored credential never completes the task, so
            // the 401/407 already received is delivered as it is, and the challenge is cancelled.
            transfer(for: task)?.complete(error: nil)
            // Cancelling the challenge cancels the task, which waits for the work queue this
            // callback may be running on.
            taskQueue.async { completionHandler(.cancelAuthenticationChallenge, nil) }
        #else
            completionHandler(.performDefaultHandling, nil)
        #endif
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // FoundationNetworking proposes the previous request with every header, whatever the
        // new origin: the transfer's policy takes the credentials out, or refuses the hop (nil
        // makes URLSession deliver the redirect itself, which the finished transfer ignores).
        guard let transfer = transfer(for: task) else {
            completionHandler(nil)
            return
        }
        completionHandler(transfer.redirect(status: response.statusCode, from: response.url ?? task.currentRequest?.url, to: request))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, willCacheResponse proposedResponse: CachedURLResponse,
        completionHandler: @escaping @Sendable (CachedURLResponse?) -> Void
    ) {
        completionHandler(nil)
    }

    /// The response's header fields; Foundation gives them as an untyped dictionary.
    static func headers(of response: HTTPURLResponse) -> HTTPHeaders {
        var headers = HTTPHeaders()
        let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in fields.sorted(by: { $0.0 < $1.0 }) {
            headers.add(name: name, value: value)
        }
        return headers
    }
}
