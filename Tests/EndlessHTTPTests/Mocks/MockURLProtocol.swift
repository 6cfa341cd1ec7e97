import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers a URLSession's requests from the ``MockServer`` named by the URL's host. It is
/// installed through `URLSessionConfiguration.protocolClasses`, because Linux ignores
/// `URLProtocol.registerClass` for sessions.
///
final class MockURLProtocol: URLProtocol {
    private let isStopped = Mutex(false)

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let host = request.url?.host, let server = MockServer.server(for: host) else {
            client?.urlProtocol(self, didFailWithError: URLError(.unsupportedURL))
            return
        }
        server.start(HeldRequest(self))
    }

    override func stopLoading() {
        let wasStopped = isStopped.withLock { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped, let host = request.url?.host else { return }
        MockServer.server(for: host)?.stop(HeldRequest(self))
    }

    var stopped: Bool { isStopped.withLock { $0 } }

    /// Whether the client still wants data: not stopped, and the task neither cancelled nor
    /// completed (FoundationNetworking crashes on callbacks for a task it has forgotten).
    private var isLive: Bool { !stopped && task?.state == .running }

    /// Delivers `reply` from URLSession's work queue, inside `startLoading`.
    func deliverNow(_ reply: MockReply, server: MockServer) {
        guard let url = request.url else { return }
        switch reply {
        case .hold:
            return
        case .stall(let gate):
            gate.wait()
        case .fail(let code):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .respond(let status, let headers, let body):
            sendHead(url: url, status: status, headers: headers)
            if !body.isEmpty {
                server.noteDelivered(bytes: body.count)
                client?.urlProtocol(self, didLoad: body)
            }
            client?.urlProtocolDidFinishLoading(self)
        case .stream(let status, let headers, let chunk, let count):
            sendHead(url: url, status: status, headers: headers)
            streamChunk(chunk, remaining: count, server: server)
        }
    }

    /// Delivers `reply` later, from the server's delivery queue, if the task still runs.
    func deliverLater(_ reply: MockReply, server: MockServer) {
        let held = HeldRequest(self)
        server.deliveryQueue.addOperation {
            server.settleTransport()
            guard held.request.isLive else { return }
            held.request.deliverNow(reply, server: server)
        }
    }

    private func sendHead(url: URL, status: Int, headers: [String: String]) {
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
            client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    }

    /// One chunk per turn of the delivery queue: the next chunk is sent only after the client
    /// has handled the previous one, so a client that cancels soon gets no further chunk.
    private func streamChunk(_ chunk: Data, remaining: Int, server: MockServer) {
        let held = HeldRequest(self)
        server.deliveryQueue.addOperation {
            let request = held.request
            server.settleTransport()
            guard request.isLive else { return }
            guard remaining > 0 else {
                request.client?.urlProtocolDidFinishLoading(request)
                return
            }
            server.noteDelivered(bytes: chunk.count)
            request.client?.urlProtocol(request, didLoad: chunk)
            request.streamChunk(chunk, remaining: remaining - 1, server: server)
        }
    }
}

/// A mock request handed between URLSession's queues, the server and the test.
///
/// `@unchecked Sendable`: URLProtocol is explicitly not Sendable in FoundationNetworking.
/// What is shared here is safe across threads: `request` and `client` never change after
/// URLSession creates the protocol, the client's methods only enqueue work on the session's
/// queues, and the stopped flag is behind a `Mutex`.
struct HeldRequest: @unchecked Sendable {
    let request: MockURLProtocol

    init(_ request: MockURLProtocol) {
        self.request = request
    }

    func deliverNow(_ reply: MockReply, server: MockServer) {
        request.deliverNow(reply, server: server)
    }

    func deliverLater(_ reply: MockReply, server: MockServer) {
        request.deliverLater(reply, server: server)
    }
}
