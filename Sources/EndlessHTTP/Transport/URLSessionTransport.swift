import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport over URLSession, with the body streamed through a delegate so that the size
/// limit is enforced while receiving, not after. Production uses ``CurlTransport``, which costs
/// far less CPU per request on Linux; this one takes `URLProtocol` stubs, which tests use.
///
/// A `Content-Length` over the limit is refused as soon as the headers arrive; a body without
/// one is cut off as soon as the running total passes the limit. On Linux the delegate runs
/// inline as libcurl reads (`InlineDelegateQueue`), so nothing past the limit is held; the
/// socket closes once FoundationNetworking's work queue honours the cancellation, which on a
/// fast loopback flood can take a few more megabytes, read and dropped. Cancelling the calling task
/// answers it at once and cancels the URLSession task. URLSession's task methods, which block
/// on the session's internal queue, are called on a private queue, never on the caller's
/// thread, so a stuck session cannot delay a deadline or a cancellation.
public final class URLSessionTransport: HTTPTransport {
    /// Makes the session, the first time a request needs it (see ``session``).
    private let makeSession: @Sendable () -> URLSession
    /// Read and written on ``taskQueue`` only.
    private nonisolated(unsafe) var madeSession: URLSession?
    private let delegate: SessionDelegate
    /// Where URLSession's blocking task methods are called (see `send`), cancellations from
    /// the delegate included.
    let taskQueue = DispatchQueue(label: "EndlessHTTP.URLSessionTransport.tasks")

    /// A fresh configuration without caches, cookies or stored credentials: the client decides
    /// what to repeat, nothing from one request leaks into another, and nothing is written to
    /// disk (see ``StorelessConfiguration``).
    public static var defaultConfiguration: URLSessionConfiguration {
        StorelessConfiguration.make()
    }

    /// Creates a transport with its own session, on ``defaultConfiguration``.
    public convenience init() {
        self.init(makingConfiguration: { URLSessionTransport.defaultConfiguration })
    }

    /// Creates a transport with its own session.
    ///
    /// - Parameter configuration: The session configuration; tests add a `URLProtocol`
    ///   subclass to its `protocolClasses`.
    public convenience init(configuration: URLSessionConfiguration) {
        self.init(makingConfiguration: { configuration })
    }

    private init(makingConfiguration configuration: @escaping @Sendable () -> URLSessionConfiguration) {
        let delegate = SessionDelegate(taskQueue: taskQueue)
        self.delegate = delegate
        makeSession = {
            #if canImport(FoundationNetworking)
                // Callbacks run as libcurl delivers them, so the body limit cuts in at once.
                let queue: OperationQueue? = InlineDelegateQueue()
            #else
                // The delegate queue is serial (nil makes one), so a task's callbacks arrive in order.
                let queue: OperationQueue? = nil
            #endif
            return URLSession(configuration: configuration(), delegate: delegate, delegateQueue: queue)
        }
    }

    deinit {
        // The session holds its delegate until invalidated; no task is running here, because
        // every `send` keeps the transport alive until its task completes.
        madeSession?.finishTasksAndInvalidate()
    }

    /// The session, made by the first request, on the task queue where it is always used.
    ///
    /// Making one takes milliseconds (the first in a process sets up FoundationNetworking,
    /// libcurl and its TLS library, about 2.5 ms here): an app that makes its clients at launch
    /// draws its first screen, rows from its page cache included, without waiting for a
    /// network it may not need yet, and a client that never sends never makes one.
    private var session: URLSession {
        dispatchPrecondition(condition: .onQueue(taskQueue))
        if let madeSession { return madeSession }
        let session = makeSession()
        madeSession = session
        return session
    }

    /// Sends `request` once and collects the response, enforcing `maxBodyBytes` as it streams.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maxBodyBytes: The largest body accepted.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: ``HTTPError/transport(code:message:)`` (with
    ///   ``HTTPError/plainHTTPServerMessage`` when an `https` URL reached a plain-HTTP server),
    ///   ``HTTPError/bodyTooLarge(limit:declaredLength:)``, ``HTTPError/cancelled``, or on Linux
    ///   ``HTTPError/invalidRequest(reason:)`` for an IPv6 literal host, which
    ///   FoundationNetworking cannot reach (the reason says what to use instead).
    public func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse {
        try await send(request, maxBodyBytes: maxBodyBytes, redirects: .default)
    }

    /// Sends `request` once as ``send(_:maxBodyBytes:)`` does, following redirects by
    /// ``RedirectHandling``: a redirect to another scheme, host or port goes without the
    /// request's credentials, one from `https` to `http` (or to another scheme) is refused, and
    /// each hop followed is reported.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maxBodyBytes: The largest body accepted.
    ///   - redirects: Which headers are credentials, and who hears of each hop.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: As ``send(_:maxBodyBytes:)``, ``HTTPError/redirectRefused(from:to:reason:)``,
    ///   and ``HTTPError/responseHeadersTooLarge(detail:)`` when libcurl refuses the headers.
    public func send(_ request: URLRequest, maxBodyBytes: Int, redirects: RedirectHandling) async throws(HTTPError) -> HTTPResponse {
        #if canImport(FoundationNetworking)
            if let reason = Self.unreachableOnLinux(request.url) { throw .invalidRequest(reason: reason) }
        #endif
        let transfer = Transfer(limit: maxBodyBytes, redirects: redirects, progress: TransferProgress.observer)
        let handle = TaskHandle()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Transfer.Outcome, Never>) in
                transfer.attach(continuation)
                // FoundationNetworking's task methods wait on the session's internal queue
                // (`workQueue.sync`). Called here, they could stall a cooperative thread, and
                // with it the deadline, for as long as that queue is busy.
                taskQueue.async { [self, delegate] in
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

    #if canImport(FoundationNetworking)
        /// Why FoundationNetworking cannot send to `url`, if it cannot: it refuses IPv6 literal
        /// hosts (`http://[::1]:8080/`) with a bare "bad URL", because it compares the host with
        /// its brackets against the host without them.
        static func unreachableOnLinux(_ url: URL?) -> String? {
            guard let url, let host = url.host, host.contains(":") else { return nil }
            let port = url.port.map { ":\($0)" } ?? ""
            let scheme = url.scheme ?? "http"
            let suggestion =
                host == "::1"
                ? "\(scheme)://localhost\(port)/ (localhost reaches ::1 as well)"
                : "a host name that resolves to it (add one to /etc/hosts)"
            return "URLSession on Linux cannot connect to an IPv6 literal address such as [\(host)]; use \(suggestion)"
        }
    #endif
}
