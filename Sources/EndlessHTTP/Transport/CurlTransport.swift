import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: libcurl's multi interface, driven by one thread of its own.
///
/// FoundationNetworking's URLSession runs on the same libcurl, but arms and cancels a dispatch
/// timer for every header line and body chunk and hops between queues for every callback:
/// about a millisecond of CPU per picture on Linux. Here one thread waits in
/// `curl_multi_poll`, runs every transfer's callbacks itself, and is woken
/// (`curl_multi_wakeup`) only for a new request or a cancellation.
///
/// The contract is ``URLSessionTransport``'s: a `Content-Length` over the limit is refused
/// with the headers and a body that grows past it is cut off as it arrives; cancelling the
/// calling task answers it at once (the transfer is torn down on the transport's thread);
/// redirects are followed here, not by libcurl, so the client's redirect policy decides each hop
/// (credentials stay at their origin, `https` to `http` is refused, each hop is reported);
/// `timeoutInterval` is an idle timeout, as URLSession on Linux makes it.
///
/// libcurl is kept to what a client of web APIs needs: `http` and `https` only, no signals,
/// no cookie engine, at most 6 connections per host, proxies from the environment except for
/// loopback addresses, nothing logged. Easy handles are kept between transfers, reset to
/// libcurl's defaults as each is given back, so nothing of one request (its headers, its
/// credentials, its body) goes with the next; a list's pictures, a transfer each, no longer
/// allocate and free a handle and its receive buffer every time.
public final class CurlTransport: HTTPTransport {
    private let engine = CurlEngine()

    /// Creates a transport. Its thread and connection pool are made by the first request, so
    /// a client that never sends costs nothing.
    public init() {}

    deinit {
        // Every `send` keeps the transport alive until it returns, so nothing is in flight.
        engine.stop()
    }

    /// Sends `request` once and collects the response, enforcing `maxBodyBytes` as it streams.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maxBodyBytes: The largest body accepted.
    /// - Returns: The response with its whole body, whatever its status.
    /// - Throws: ``HTTPError/transport(code:message:)`` (with
    ///   ``HTTPError/plainHTTPServerMessage`` when an `https` URL reached a plain-HTTP server),
    ///   ``HTTPError/bodyTooLarge(limit:declaredLength:)``, ``HTTPError/responseHeadersTooLarge(detail:)``
    ///   or ``HTTPError/cancelled``.
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
    /// - Throws: As ``send(_:maxBodyBytes:)``, and ``HTTPError/redirectRefused(from:to:reason:)``.
    public func send(_ request: URLRequest, maxBodyBytes: Int, redirects: RedirectHandling) async throws(HTTPError) -> HTTPResponse {
        guard request.url != nil else { throw .invalidRequest(reason: "the request has no URL") }
        let transfer = Transfer(limit: maxBodyBytes, redirects: redirects, progress: TransferProgress.observer)
        let exchange = CurlRequest(request: request, transfer: transfer)
        let engine = engine
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Transfer.Outcome, Never>) in
                transfer.attach(continuation)
                engine.start(exchange)
            }
        } onCancel: {
            // Answer the caller now; the transport's thread tears the transfer down.
            transfer.finish(.failure(.cancelled))
            engine.cancel(exchange)
        }
        return try outcome.get()
    }

    /// How many libcurl easy handles a transfer holds now: one per transfer in flight, none
    /// once every request has ended, whether it succeeded, failed or was cancelled (see
    /// ``settle()``). Handles given back wait, reset, for the next transfer (see
    /// ``CurlHandlePool``).
    var liveHandleCount: Int { engine.liveHandles }

    /// How many libcurl easy handles were made so far; every other transfer reused one.
    var madeHandleCount: Int { engine.madeHandles }

    /// Returns once the transport's thread has handled every request and cancellation made
    /// before the call: a cancelled request's handle is gone by then.
    func settle() async { await engine.settle() }
}
