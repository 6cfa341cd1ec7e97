import Foundation
import Synchronization

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A scripted server behind ``MockURLProtocol``: each test makes its own, reached through
/// the real URLSession code path. Tests run in parallel, so each server has its own host
/// name, which is how ``MockURLProtocol`` finds it (FoundationNetworking applies a session's
/// additional headers only in its own HTTP protocol, so a header cannot carry the route).
final class MockServer: Sendable {
    /// The host name that reaches this server, unique per server.
    let host = "m" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "") + ".example.test"
    /// Requests received (URLProtocol `startLoading` calls).
    let received = AsyncCounter()
    /// Requests the client cancelled (URLProtocol `stopLoading` calls).
    let stopped = AsyncCounter()

    /// The transport whose session reaches this server (one per server).
    let sharedTransport: URLSessionTransport
    /// A serial queue for late deliveries (released holds, streamed chunks). Each one is
    /// handed to URLSession, whose delegate runs it to the end (inline on Linux, see
    /// `InlineDelegateQueue`), before the next one starts, like a socket read that waits
    /// for the reader; a delivery checks first that the task still runs.
    let deliveryQueue: OperationQueue

    private let responder: @Sendable (_ request: URLRequest, _ index: Int) -> MockReply
    private let state = Mutex(State())

    private struct State {
        var requests: [URLRequest] = []
        var held: [HeldRequest] = []
        var deliveredBodyBytes = 0
    }

    private static let servers = Mutex<[String: MockServer]>([:])

    /// A server that answers request number `index` (from 0) with `responder`.
    init(_ responder: @escaping @Sendable (_ request: URLRequest, _ index: Int) -> MockReply) {
        self.responder = responder
        let configuration = URLSessionTransport.defaultConfiguration
        configuration.protocolClasses = [MockURLProtocol.self]
        sharedTransport = URLSessionTransport(configuration: configuration)
        deliveryQueue = OperationQueue()
        deliveryQueue.maxConcurrentOperationCount = 1
        Self.servers.withLock { $0[host] = self }
    }

    /// A server that gives `replies` in order, repeating the last one.
    convenience init(_ replies: MockReply...) {
        self.init { _, index in replies[min(index, replies.count - 1)] }
    }

    static func server(for host: String) -> MockServer? {
        servers.withLock { $0[host] }
    }

    /// `https://<host>/api/`, the base URL most tests use.
    var baseURL: URL { url("/api/") }

    /// An absolute URL on this server.
    func url(_ path: String) -> URL {
        URL(string: "https://\(host)\(path)")!
    }

    /// A real URLSession transport whose session sends everything to this server.
    func transport() -> URLSessionTransport {
        sharedTransport
    }

    /// Waits until the transport has made the task calls it has queued (cancellations from
    /// its delegate), so that a delivery that follows sees whether the task still runs, as a
    /// socket read after the client's cancel would find the connection gone.
    func settleTransport() {
        sharedTransport.taskQueue.sync {}
    }

    var requests: [URLRequest] { state.withLock { $0.requests } }
    var deliveredBodyBytes: Int { state.withLock { $0.deliveredBodyBytes } }

    /// Answers every held request with `reply`.
    func release(with reply: MockReply) {
        let held = state.withLock { state in
            defer { state.held.removeAll() }
            return state.held
        }
        for request in held { request.deliverLater(reply, server: self) }
    }

    func start(_ held: HeldRequest) {
        let urlRequest = held.request.request
        let reply = state.withLock { state -> MockReply in
            let reply = responder(urlRequest, state.requests.count)
            state.requests.append(urlRequest)
            if case .hold = reply { state.held.append(held) }
            return reply
        }
        received.increment()
        held.deliverNow(reply, server: self)  // `.hold` delivers nothing until released.
    }

    func stop(_ held: HeldRequest) {
        state.withLock { $0.held.removeAll { $0.request === held.request } }
        stopped.increment()
    }

    func noteDelivered(bytes: Int) {
        state.withLock { $0.deliveredBodyBytes += bytes }
    }
}
